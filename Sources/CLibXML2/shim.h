#ifndef DEEPCUT_CLIBXML2_SHIM_H
#define DEEPCUT_CLIBXML2_SHIM_H
#if __has_include(<libxml/xmlversion.h>)
/* pkg-config put libxml2's folder on the search path: Debian's libxml2-dev, or Homebrew's keg-only libxml2, whose
   libxml-2.0.pc SwiftPM finds under $(brew --prefix)/opt/libxml2/lib/pkgconfig. */
/* Newer libxml2 (Homebrew's; 2.10 on) marks functions and parser-context fields it means to retire deprecated, which
   under warnings-as-errors would fail the build; they still work. Its headers define the marks only when they are not
   defined yet, so they are defined empty here, before the first libxml2 header. Debian 12's 2.9 has neither. */
#ifndef XML_DEPRECATED
#define XML_DEPRECATED
#endif
#ifndef XML_DEPRECATED_MEMBER
#define XML_DEPRECATED_MEMBER
#endif
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
#elif __has_include(<libxml2/libxml/xmlversion.h>)
/* The macOS SDK without pkg-config: its headers sit in usr/include/libxml2, outside the search path, and the SDK
   makes them the clang module libxml2 (what `import libxml2` loads). A module comes built, so the empty marks above
   cannot reach it: an SDK whose libxml2 marks what the reader uses would warn (not seen: no Mac was at hand). */
#pragma clang module import libxml2
#else
#error "libxml2's headers are missing: apt-get install libxml2-dev (Debian, Ubuntu), or xcode-select --install (macOS)"
#endif
#endif
