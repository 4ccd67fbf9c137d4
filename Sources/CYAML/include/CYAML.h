// libyaml (Debian's libyaml-dev, pkg-config yaml-0.1), the YAML reader DefaultsYAML parses with:
// its events carry the start and end marks that in-place edits need. Linked (-lyaml).
#ifndef CYAML_H
#define CYAML_H

#include <yaml.h>

#endif
