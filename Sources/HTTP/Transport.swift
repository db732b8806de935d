internal import Basics
internal import CCurl
internal import Foundation

/// What one libcurl transfer amounts to, as an ``AttemptOutcome``; never throws.
enum Transport {
  /// The outcome of a transfer that ran to its end, successfully or not. curl's own time limit ends an attempt
  /// that takes longer than the request's timeout, also one whose server accepts the connection and never
  /// answers, or drips bytes.
  static func outcome(
    _ completion: EasyHandle.Completion, record: TransferRecord, request: TransferRequest
  ) -> AttemptOutcome {
    let code = completion.code
    if record.overflowed || code == CURLE_FILESIZE_EXCEEDED { return .tooLarge(limit: request.maximumBodyBytes) }
    if code == CURLE_OK {
      guard let status = completion.status else {
        return .connectionFailed(detail: "the answer is not http", retryable: false)
      }
      return .response(ResponseHead(status: status, record: record), record.body)
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
      switch SystemError(code: Int32(truncatingIfNeeded: osErrno)) {
      case .networkUnreachable, .networkDown:
        return .connectionFailed(detail: "\(place)no network connection", retryable: true)
      case .hostUnreachable:
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
      retryAfter: record.headerValue("Retry-After"),
      contentType: record.headerValue("Content-Type")?.lowercased()
    )
  }
}
