internal import CCurl
internal import Foundation
internal import Synchronization

/// What one attempt asks for.
struct TransferRequest: Sendable {
  var url: URL
  var userAgent: String
  /// Limit of the whole attempt, connecting included.
  var timeout: Duration
  /// Header fields besides `User-Agent`, as sent: "Accept-Language: en".
  var headers: [String] = []
  /// What to POST (its type among `headers`); nil for a GET.
  var body: Data? = nil
  /// The most the answer's body may hold; past it the transfer stops (``AttemptOutcome/tooLarge(limit:)``).
  var maximumBodyBytes = Int.max
}

/// Set from any thread when the caller of a transfer is cancelled; the driver thread, woken up, then ends the
/// transfer.
final class CancellationFlag: Sendable {
  private let flag = Atomic(false)

  var isCancelled: Bool { flag.load(ordering: .acquiring) }

  func cancel() {
    flag.store(true, ordering: .releasing)
  }
}

/// `curl_global_init` must run once before the first handle is made; a global's initializer runs exactly once,
/// thread-safely, on first use.
let curlGlobalInit: CURLcode = deepcut_curl_global_init()

/// One curl easy handle, cleaned up when released. A handle is used by one thread at a time: the driver thread
/// that owns it (idle, or added to its multi handle for one transfer).
final class EasyHandle: @unchecked Sendable {
  let raw: UnsafeMutableRawPointer
  /// The header fields of the transfer in progress: curl reads the list, it does not copy it, so it lives until the
  /// handle is reset.
  private var headerList: UnsafeMutablePointer<curl_slist>?

  init?() {
    guard curlGlobalInit == CURLE_OK, let raw = curl_easy_init() else { return nil }
    self.raw = raw
  }

  deinit {
    // Safety: `raw` came from curl_easy_init, nothing else refers to it any more, and it is cleaned up only here;
    // the header list is freed after the handle that read it.
    curl_easy_cleanup(raw)
    curl_slist_free_all(headerList)
  }

  /// How a transfer ended.
  struct Completion {
    var code: CURLcode
    /// The status code of the last response received (after redirects), if any.
    var status: Int?
    /// The `errno` of the last failed connection attempt, or 0.
    var osErrno: Int
  }

  /// Sets the handle up to send `request`, collecting what arrives in `record`; the transfer itself runs when the
  /// handle is added to a multi handle. `record` must stay alive until ``reset()``.
  func prepare(_ request: TransferRequest, record: TransferRecord) -> CURLcode {
    configure(for: request, record: record)
  }

  /// How the transfer that just ended with `code` went, read from the handle before it is reset.
  func completion(_ code: CURLcode) -> Completion {
    let status = info(CURLINFO_RESPONSE_CODE).flatMap { $0 > 0 ? $0 : nil }
    return Completion(code: code, status: status, osErrno: info(CURLINFO_OS_ERRNO) ?? 0)
  }

  /// Forgets the last transfer's options, including the pointers to its record, so an idle handle refers to
  /// nothing.
  func reset() {
    curl_easy_reset(raw)
    // Safety: after the reset the handle no longer refers to the list.
    curl_slist_free_all(headerList)
    headerList = nil
  }

  private func info(_ info: CURLINFO) -> Int? {
    var value = 0
    // Safety: both infos asked for here are `long`s, which curl writes through the pointer to the local `value`
    // before returning.
    let code = deepcut_curl_get_long(raw, info, &value)
    return code == CURLE_OK ? value : nil
  }

  private func configure(for request: TransferRequest, record: TransferRecord) -> CURLcode {
    let timeout = milliseconds(request.timeout)
    let longs: [(CURLoption, Int)] = [
      (CURLOPT_NOSIGNAL, 1),  // several transfers run on threads at once: no SIGALRM for DNS timeouts
      (CURLOPT_HTTPGET, 1),
      (CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)),
      // A POST is never followed: curl would resend it as a GET, whose 200 says nothing of what was posted.
      (CURLOPT_FOLLOWLOCATION, request.body == nil ? 1 : 0),
      (CURLOPT_MAXREDIRS, 3),
      (CURLOPT_TIMEOUT_MS, timeout),
      (CURLOPT_CONNECTTIMEOUT_MS, min(timeout, 10_000)),
      (CURLOPT_SSL_VERIFYPEER, 1),
      (CURLOPT_SSL_VERIFYHOST, 2),
      // curl drops a connection idle for 118 s, so whether one is reused would hang on how busy the machine is;
      // curl checks a kept connection is alive before reusing it, and the server says when it closes one.
      (CURLOPT_MAXAGE_CONN, 3_600),
      // An answer that says it is bigger than the limit is refused before its body comes.
      (CURLOPT_MAXFILESIZE, min(request.maximumBodyBytes, Int(Int32.max))),
    ]
    for (option, value) in longs {
      let code = deepcut_curl_set_long(raw, option, value)
      guard code == CURLE_OK else { return code }
    }
    // A silent name server must not hold the driver thread past the timeout (see the shim); an older curl that
    // lacks the option still transfers.
    let quickExit = deepcut_curl_set_quick_exit(raw)
    guard quickExit == CURLE_OK || quickExit == CURLE_UNKNOWN_OPTION else { return quickExit }
    // curl sends `Accept: */*` by default, no `Accept-Encoding` unless asked, and no cookies unless its cookie
    // engine is switched on, which it never is here.
    let strings: [(CURLoption, String)] = [
      (CURLOPT_URL, request.url.absoluteString),
      (CURLOPT_USERAGENT, request.userAgent),
      (CURLOPT_PROTOCOLS_STR, "http,https"),
      (CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
    ]
    for (option, value) in strings {
      // Safety: curl copies string options, so the C string need only live for the duration of the call.
      let code = value.withCString { deepcut_curl_set_string(raw, option, $0) }
      guard code == CURLE_OK else { return code }
    }
    var code = setHeaders(request.headers)
    guard code == CURLE_OK else { return code }
    code = setBody(request.body)
    guard code == CURLE_OK else { return code }
    record.limit = request.maximumBodyBytes
    return setCallbacks(record)
  }

  /// The request's own header fields, in a list the handle keeps until it is reset.
  private func setHeaders(_ fields: [String]) -> CURLcode {
    guard !fields.isEmpty else { return CURLE_OK }
    for field in fields {
      // Safety: curl_slist_append copies the string; the list lives until `reset()` or `deinit` frees it.
      headerList = field.withCString { curl_slist_append(headerList, $0) }
    }
    return deepcut_curl_set_pointer(raw, CURLOPT_HTTPHEADER, headerList)
  }

  /// A body to POST, as `application/x-www-form-urlencoded` (curl's type for a posted body) unless a header field
  /// says otherwise; nothing for a GET.
  private func setBody(_ body: Data?) -> CURLcode {
    guard let body else { return CURLE_OK }
    let code = deepcut_curl_set_long(raw, CURLOPT_POSTFIELDSIZE, body.count)
    guard code == CURLE_OK else { return code }
    // Safety: COPYPOSTFIELDS copies the bytes, of the size set above, so the buffer need only live for the call;
    // an empty body still gets a valid pointer (to a zero byte) that curl reads nothing from.
    return (body + [0]).withUnsafeBytes { bytes in
      deepcut_curl_set_pointer(raw, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
    }
  }

  /// The body and header callbacks, writing into `record`.
  private func setCallbacks(_ record: TransferRecord) -> CURLcode {
    // Safety: the two callbacks below receive this unretained pointer to `record`, which the caller keeps alive
    // until the handle is reset; the record is only ever touched on the thread running the transfer.
    let context = Unmanaged.passUnretained(record).toOpaque()
    for option in [CURLOPT_WRITEDATA, CURLOPT_HEADERDATA] {
      let code = deepcut_curl_set_pointer(raw, option, context)
      guard code == CURLE_OK else { return code }
    }
    var code = deepcut_curl_set_write_callback(raw) { bytes, size, count, context in
      // Safety: curl passes `size * count` readable bytes at `bytes` (valid only during this call, hence copied)
      // and the WRITEDATA pointer set above as `context`.
      guard let context else { return 0 }
      let length = size * count
      let record = Unmanaged<TransferRecord>.fromOpaque(context).takeUnretainedValue()
      // Fewer bytes taken than given ends the transfer: an answer past its limit is never held whole.
      return record.receiveBody(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length)) ? length : 0
    }
    guard code == CURLE_OK else { return code }
    code = deepcut_curl_set_header_callback(raw) { bytes, size, count, context in
      // Safety: as for the body: one header line of `size * count` bytes, copied, and the HEADERDATA pointer.
      guard let context else { return 0 }
      let length = size * count
      let record = Unmanaged<TransferRecord>.fromOpaque(context).takeUnretainedValue()
      record.receiveHeaderLine(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
      return length
    }
    return code
  }
}

/// What one transfer received: the last response's head and body. Confined to the thread running the transfer,
/// which hands the result over only once the transfer has ended.
final class TransferRecord {
  /// The header lines of the last response, as received; parsed only when asked, and only for the few fields
  /// the client reads.
  private(set) var head: [UInt8] = []
  private(set) var body = Data()
  /// The most the body may hold.
  var limit = Int.max
  /// The body grew past `limit`: what came is dropped, and the transfer stops.
  private(set) var overflowed = false

  /// Keeps `bytes` of the body; false, keeping nothing, once the body would pass its limit.
  func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard body.count + bytes.count <= limit else {
      overflowed = true
      body = Data()
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  /// One raw header line as curl delivers it, line ending included. A status line starts a new response (after a
  /// redirect, or an interim `1xx`), so only the last response's fields and body are kept.
  func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
    if bytes.starts(with: "HTTP/".utf8) {
      head.removeAll(keepingCapacity: true)
      body = Data()
    }
    head.append(contentsOf: bytes)
  }

  /// The value of the first field called `name` (compared case-insensitively, ASCII), trimmed. Only that
  /// field's value becomes a `String`: a response is asked for two or three fields and sends a dozen.
  func headerValue(_ name: String) -> String? {
    let wanted = Array(name.utf8)
    var lineStart = head.startIndex
    while lineStart < head.endIndex {
      let lineEnd = head[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? head.endIndex
      if let field = splitHeaderField(head[lineStart..<lineEnd]), equalsIgnoringASCIICase(field.name, wanted) {
        return String(decoding: field.value, as: UTF8.self)
      }
      lineStart = lineEnd + 1
    }
    return nil
  }
}

/// A header line's trimmed name and value, as they are; `nil` for the blank line that ends a head, for status
/// lines, continuation lines and anything without a colon.
private func splitHeaderField<Line: Collection<UInt8>>(
  _ line: Line
) -> (name: Line.SubSequence, value: Line.SubSequence)? {
  guard let first = line.first, !isHTTPWhitespace(first), let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
    return nil
  }
  let name = trimmingHTTPWhitespace(line[..<colon])
  guard !name.isEmpty else { return nil }
  return (name, trimmingHTTPWhitespace(line[line.index(after: colon)...]))
}

private func equalsIgnoringASCIICase(_ bytes: some Collection<UInt8>, _ other: [UInt8]) -> Bool {
  guard bytes.count == other.count else { return false }
  return zip(bytes, other).allSatisfy { lowercasedASCII($0) == lowercasedASCII($1) }
}

private func lowercasedASCII(_ byte: UInt8) -> UInt8 {
  byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
}

private func isHTTPWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
}

private func trimmingHTTPWhitespace<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
  let start = bytes.firstIndex { !isHTTPWhitespace($0) } ?? bytes.endIndex
  var end = bytes.endIndex
  // A forward scan keeps this to `Collection`; header lines are a few dozen bytes.
  var index = start
  while index != bytes.endIndex {
    if !isHTTPWhitespace(bytes[index]) { end = bytes.index(after: index) }
    index = bytes.index(after: index)
  }
  return bytes[start..<end]
}

/// `duration` in whole milliseconds, rounded up and at least 1 (curl reads 0 as "no limit").
func milliseconds(_ duration: Duration) -> Int {
  let (seconds, attoseconds) = duration.components
  guard seconds >= 0 else { return 1 }
  guard seconds < Int64(Int.max / 1_000) - 1 else { return Int.max }
  let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  return max(1, Int(seconds) * 1_000 + Int(fraction))
}
