// Describing settings means naming keys and their values: a program that imports this module
// has the core's types too.
@_exported import Defaults
