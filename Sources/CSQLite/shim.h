#ifndef DEEPCUT_CSQLITE_SHIM_H
#define DEEPCUT_CSQLITE_SHIM_H

#include <sqlite3.h>

#endif
