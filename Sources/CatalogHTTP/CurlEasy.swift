internal import CCurl
internal import Foundation
internal import Synchronization

/// What one attempt asks for.
struct TransferRequest: Sendable {
  var url: URL
  var userAgent: String
  /// Limit of the whole attempt, connecting included.
  var timeout: Duration
}

/// Set from any thread when the caller of a transfer is cancelled; read by the transfer's progress callback, which
/// then makes curl abort.
final class CancellationFlag: Sendable {
  private let flag = Atomic(false)

  var isCancelled: Bool { flag.load(ordering: .acquiring) }

  func cancel() {
    flag.store(true, ordering: .releasing)
  }
}

/// `curl_global_init` must run once before the first handle is made; a global's initializer runs exactly once,
/// thread-safely, on first use.
private let curlGlobalInit: CURLcode = deepcut_curl_global_init()

/// Idle easy handles, so that a later attempt can reuse the connections (and DNS entries) an earlier one left open:
/// every easy handle keeps its own connection cache, and `curl_easy_reset` keeps it. At most `capacity` handles
/// are kept; the rest are cleaned up when their transfer ends. Dropping the pool cleans up the idle ones.
final class EasyHandlePool: Sendable {
  private let idle = Mutex<[EasyHandle]>([])
  private let capacity: Int

  init(capacity: Int = 8) {
    self.capacity = max(capacity, 0)
  }

  /// An idle handle, or a new one; `nil` only when curl cannot make one.
  func checkOut() -> EasyHandle? {
    idle.withLock { $0.popLast() } ?? EasyHandle()
  }

  /// Gives a handle back once its transfer has ended.
  func checkIn(_ handle: EasyHandle) {
    let surplus = idle.withLock { idle -> EasyHandle? in
      guard idle.count < capacity else { return handle }
      idle.append(handle)
      return nil
    }
    _ = surplus  // released (and cleaned up) here, outside the lock
  }

  /// Handles waiting in the pool, for tests.
  var idleCount: Int { idle.withLock { $0.count } }
}

/// One curl easy handle, cleaned up when released. A handle is used by one thread at a time: it is either idle in
/// an ``EasyHandlePool`` (behind its lock) or checked out by the single transfer that performs on it.
final class EasyHandle: @unchecked Sendable {
  private let raw: UnsafeMutableRawPointer

  init?() {
    guard curlGlobalInit == CURLE_OK, let raw = curl_easy_init() else { return nil }
    self.raw = raw
  }

  deinit {
    // Safety: `raw` came from curl_easy_init, nothing else refers to it any more, and it is cleaned up only here.
    curl_easy_cleanup(raw)
  }

  /// How a transfer ended, read from the handle before it is reset.
  struct Completion {
    var code: CURLcode
    /// The status code of the last response received (after redirects), if any.
    var status: Int?
    /// The `errno` of the last failed connection attempt, or 0.
    var osErrno: Int
  }

  /// Sends `request` and blocks until the answer is complete or the transfer fails; what arrives is collected in
  /// `record`. Must not be called on the Swift concurrency pool.
  func perform(_ request: TransferRequest, into record: TransferRecord) -> Completion {
    // Options are set afresh for every transfer. A reset keeps the handle's open connections; the one at the end
    // also drops the pointers to `record`, so that no idle handle refers to it.
    curl_easy_reset(raw)
    defer { curl_easy_reset(raw) }
    let setup = configure(for: request, record: record)
    guard setup == CURLE_OK else { return Completion(code: setup, status: nil, osErrno: 0) }
    // Safety: the callbacks get `record` as an unretained pointer; it is kept alive until perform returns, after
    // which curl no longer calls them.
    let code = withExtendedLifetime(record) { curl_easy_perform(raw) }
    let status = info(CURLINFO_RESPONSE_CODE).flatMap { $0 > 0 ? $0 : nil }
    return Completion(code: code, status: status, osErrno: info(CURLINFO_OS_ERRNO) ?? 0)
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
      (CURLOPT_FOLLOWLOCATION, 1),
      (CURLOPT_MAXREDIRS, 3),
      (CURLOPT_TIMEOUT_MS, timeout),
      (CURLOPT_CONNECTTIMEOUT_MS, min(timeout, 10_000)),
      (CURLOPT_NOPROGRESS, 0),  // the progress callback is how a cancelled transfer stops
      (CURLOPT_SSL_VERIFYPEER, 1),
      (CURLOPT_SSL_VERIFYHOST, 2),
    ]
    for (option, value) in longs {
      let code = deepcut_curl_set_long(raw, option, value)
      guard code == CURLE_OK else { return code }
    }
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

    // Safety: the three callbacks below receive this unretained pointer to `record`, which `perform` keeps alive
    // for as long as curl can call them; the record is only ever touched on the thread running the transfer.
    let context = Unmanaged.passUnretained(record).toOpaque()
    for option in [CURLOPT_WRITEDATA, CURLOPT_HEADERDATA, CURLOPT_XFERINFODATA] {
      let code = deepcut_curl_set_pointer(raw, option, context)
      guard code == CURLE_OK else { return code }
    }
    var code = deepcut_curl_set_write_callback(raw) { bytes, size, count, context in
      // Safety: curl passes `size * count` readable bytes at `bytes` (valid only during this call, hence copied)
      // and the WRITEDATA pointer set above as `context`.
      guard let context else { return 0 }
      let length = size * count
      let record = Unmanaged<TransferRecord>.fromOpaque(context).takeUnretainedValue()
      record.receiveBody(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
      return length
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
    guard code == CURLE_OK else { return code }
    code = deepcut_curl_set_xferinfo_callback(raw) { context, _, _, _, _ in
      // Safety: `context` is the XFERINFODATA pointer set above. A non-zero answer makes curl abort the transfer
      // with CURLE_ABORTED_BY_CALLBACK; curl calls this at least about once a second, even while idle.
      guard let context else { return 0 }
      let record = Unmanaged<TransferRecord>.fromOpaque(context).takeUnretainedValue()
      return record.cancellation.isCancelled ? 1 : 0
    }
    return code
  }
}

/// What one transfer received: the last response's header fields and body. Confined to the thread running the
/// transfer, which hands the result over only after `curl_easy_perform` has returned.
final class TransferRecord {
  let cancellation: CancellationFlag
  private(set) var headerFields: [(name: String, value: String)] = []
  private(set) var body = Data()

  init(cancellation: CancellationFlag) {
    self.cancellation = cancellation
  }

  func receiveBody(_ bytes: UnsafeRawBufferPointer) {
    body.append(contentsOf: bytes)
  }

  /// One raw header line as curl delivers it, line ending included. A status line starts a new response (after a
  /// redirect, or an interim `1xx`), so only the last response's fields and body are kept.
  func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
    let line = String(decoding: bytes, as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      headerFields = []
      body = Data()
    } else if let field = parseHeaderField(line) {
      headerFields.append(field)
    }
  }

  /// The value of the first field called `name` (compared case-insensitively).
  func headerValue(_ name: String) -> String? {
    let name = name.lowercased()
    return headerFields.first { $0.name == name }?.value
  }
}

/// `Name: value` with the name lowercased and the value trimmed; `nil` for the blank line that ends a head, for
/// continuation lines and for anything without a colon.
func parseHeaderField(_ line: String) -> (name: String, value: String)? {
  guard let first = line.first, first != " ", first != "\t", let colon = line.firstIndex(of: ":") else { return nil }
  let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
  guard !name.isEmpty else { return nil }
  let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
  return (name, value)
}

/// `duration` in whole milliseconds, rounded up and at least 1 (curl reads 0 as "no limit").
func milliseconds(_ duration: Duration) -> Int {
  let (seconds, attoseconds) = duration.components
  guard seconds >= 0 else { return 1 }
  guard seconds < Int64(Int.max / 1_000) - 1 else { return Int.max }
  let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  return max(1, Int(seconds) * 1_000 + Int(fraction))
}
