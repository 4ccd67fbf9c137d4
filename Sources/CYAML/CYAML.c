// libyaml is used through its header alone (include/CYAML.h); this file gives the target a source.
#include "CYAML.h"
