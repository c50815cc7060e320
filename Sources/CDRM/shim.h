// libdrm's mode-setting API (Debian: libdrm-dev), for the refresh rate of the connected display (rate_hz: auto).
#include <xf86drm.h>
#include <xf86drmMode.h>
