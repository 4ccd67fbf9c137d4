// The editor shows settings described with the schema module (and the core it re-exports): a
// program that imports the editor has both.
@_exported import DefaultsSchema
