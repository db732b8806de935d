internal import CCurl
internal import Foundation

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Sends one attempt with libcurl and reduces whatever happens to an ``AttemptOutcome``; never throws.
///
/// Each attempt runs the blocking `curl_easy_perform` on a thread of its own, never on the Swift concurrency pool;
/// curl waits for the network in `poll`, so a request in flight costs no CPU. The caller awaits the thread through
/// a continuation.
enum Transport {
  /// curl's own time limit ends an attempt that takes longer than `request.timeout`, also one whose server accepts
  /// the connection and never answers, or drips bytes. Cancelling the calling task aborts the transfer within
  /// about a second (curl's progress callback checks for it).
  static func exchange(_ request: TransferRequest, handles: EasyHandlePool) async -> AttemptOutcome {
    let cancellation = CancellationFlag()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<AttemptOutcome, Never>) in
        let thread = Thread {
          continuation.resume(returning: perform(request, handles: handles, cancellation: cancellation))
        }
        thread.name = "deepcut-curl"
        thread.start()
      }
    } onCancel: {
      cancellation.cancel()
    }
  }

  /// Runs one transfer to its end; blocks the calling thread.
  private static func perform(
    _ request: TransferRequest, handles: EasyHandlePool, cancellation: CancellationFlag
  ) -> AttemptOutcome {
    if cancellation.isCancelled {
      return .cancelled
    }
    guard let handle = handles.checkOut() else {
      return .connectionFailed(detail: "cannot start a transfer", retryable: true)
    }
    defer { handles.checkIn(handle) }
    let record = TransferRecord(cancellation: cancellation)
    let completion = handle.perform(request, into: record)
    let code = completion.code
    if code == CURLE_OK {
      guard let status = completion.status else {
        return .connectionFailed(detail: "the answer is not http", retryable: false)
      }
      return .response(ResponseHead(status: status, record: record), record.body)
    }
    if code == CURLE_ABORTED_BY_CALLBACK || cancellation.isCancelled {
      return .cancelled
    }
    if code == CURLE_PARTIAL_FILE, let expected = contentLength(record), expected > record.body.count {
      return .truncated(expected: expected, received: record.body.count)
    }
    return failure(code, osErrno: completion.osErrno, host: request.url.host)
  }

  /// The outcome of a transfer that ended with curl error `code`, other than a cancellation or a short body.
  static func failure(_ code: CURLcode, osErrno: Int, host: String?) -> AttemptOutcome {
    let place = host.map { "\($0): " } ?? ""
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut
    case CURLE_ABORTED_BY_CALLBACK:
      return .cancelled
    case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
      return .connectionFailed(detail: "\(place)unsupported url", retryable: false)
    case CURLE_TOO_MANY_REDIRECTS:
      return .connectionFailed(detail: "\(place)too many redirects", retryable: false)
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return .connectionFailed(detail: "\(place)host not found", retryable: true)
    case CURLE_COULDNT_CONNECT:
      switch Int32(truncatingIfNeeded: osErrno) {
      case ENETUNREACH, ENETDOWN:
        return .connectionFailed(detail: "\(place)no network connection", retryable: true)
      case EHOSTUNREACH:
        return .connectionFailed(detail: "\(place)host unreachable", retryable: true)
      default:
        return .connectionFailed(detail: "\(place)connection refused", retryable: true)
      }
    case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
      return .connectionFailed(detail: "\(place)connection lost", retryable: true)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
      return .connectionFailed(detail: "\(place)secure connection failed", retryable: true)
    case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_RANGE_ERROR:
      return .connectionFailed(detail: "\(place)malformed answer", retryable: true)
    default:
      return .connectionFailed(detail: "\(place)network error \(code.rawValue)", retryable: true)
    }
  }

  private static func contentLength(_ record: TransferRecord) -> Int? {
    record.headerValue("Content-Length").flatMap { Int($0) }
  }
}

extension ResponseHead {
  init(status: Int, record: TransferRecord) {
    self.init(
      status: status,
      contentLength: record.headerValue("Content-Length").flatMap { Int($0) },
      contentEncoding: record.headerValue("Content-Encoding")?.lowercased(),
      retryAfter: record.headerValue("Retry-After")
    )
  }
}
