#ifndef DEEPCUT_CLIBXML2_SHIM_H
#define DEEPCUT_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU; its headers would then pull in the system ICU headers, which
   clash with the copy Foundation ships. Nothing here touches the ICU converter fields, which are
   only reached through pointers, so hiding them is safe. */
#undef LIBXML_ICU_ENABLED
#include <string.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#endif
