// libyaml, from Debian's libyaml-dev.
#include <yaml.h>
