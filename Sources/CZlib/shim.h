#ifndef DEEPCUT_CZLIB_SHIM_H
#define DEEPCUT_CZLIB_SHIM_H
#include <zlib.h>
#endif
