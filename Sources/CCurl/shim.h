#ifndef DEEPCUT_CCURL_SHIM_H
#define DEEPCUT_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call; these wrappers fix the type of
// the value for each kind of option.

static inline CURLcode deepcut_curl_global_init(void) {
  return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode deepcut_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

/// libcurl copies the string (since 7.17.0), so it need only live for the duration of the call.
static inline CURLcode deepcut_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode deepcut_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode deepcut_curl_set_write_callback(CURL *handle, curl_write_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode deepcut_curl_set_header_callback(CURL *handle, curl_write_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

static inline CURLcode deepcut_curl_set_xferinfo_callback(CURL *handle, curl_xferinfo_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode deepcut_curl_set_read_callback(CURL *handle, curl_read_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}

static inline CURLcode deepcut_curl_set_large(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

/// A transfer that times out or is removed while its name lookup runs is let go at once: without this, curl joins
/// its resolver thread, and a name server that never answers holds the calling thread (and every other transfer
/// of its multi handle) for as long as the system's resolver waits, minutes, past any timeout. The lookup's thread
/// then ends by itself. curl before 7.87.0 has no such option.
static inline CURLcode deepcut_curl_set_quick_exit(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075700
  return curl_easy_setopt(handle, CURLOPT_QUICK_EXIT, 1L);
#else
  return CURLE_UNKNOWN_OPTION;
#endif
}

static inline CURLcode deepcut_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

#endif
