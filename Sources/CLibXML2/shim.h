// Debian's libxml2 is built with ICU, so its encoding.h includes <unicode/ucnv.h>. Those ICU types
// clash with Foundation's own copy of ICU (`_FoundationICU`) when a module sees both, which made
// clean builds fail now and then. linky-site never uses libxml2's ICU converters (it decodes with
// iconv itself), so the ICU part of libxml2's headers is switched off here.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
