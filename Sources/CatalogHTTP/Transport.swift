internal import Foundation
internal import Synchronization

#if canImport(FoundationNetworking)
  internal import FoundationNetworking
#endif

/// Sends one attempt and reduces whatever happens to an ``AttemptOutcome``; never throws.
enum Transport {
  /// Races the request against `timeout` so that a server that accepts the connection and never answers (or
  /// drips bytes, which an idle timeout would not catch) cannot hold the caller past the limit.
  static func exchange(_ request: URLRequest, session: URLSession, timeout: Duration) async -> AttemptOutcome {
    await withTaskGroup(of: AttemptOutcome.self) { group in
      group.addTask { await load(request, session: session) }
      group.addTask {
        do {
          try await Task.sleep(for: timeout)
          return .timedOut
        } catch {
          return .cancelled
        }
      }
      let first = await group.next() ?? .cancelled
      group.cancelAll()  // URLSession cancels the losing request (and closes its connection) promptly
      return first
    }
  }

  private static func load(_ request: URLRequest, session: URLSession) async -> AttemptOutcome {
    let probe = TransferProbe()
    do {
      let (body, response) = try await session.data(for: request, delegate: probe)
      guard let http = response as? HTTPURLResponse else {
        return .connectionFailed(detail: "the answer is not http", retryable: false)
      }
      return .response(ResponseHead(http), body)
    } catch let error as URLError {
      if error.code == .cancelled || Task.isCancelled {
        return .cancelled
      }
      if error.code == .timedOut {
        return .timedOut
      }
      // Linux reports a body cut short of its Content-Length as a generic error ("transfer closed with N bytes
      // remaining to read"), Apple platforms as networkConnectionLost; the probe saw what actually arrived, once
      // the delegate callbacks queued before the error have run.
      await drainDelegateQueue(of: session)
      if let shortfall = probe.shortfall {
        return .truncated(expected: shortfall.expected, received: shortfall.received)
      }
      return connectionFailure(error.code, host: request.url?.host)
    } catch {
      return Task.isCancelled ? .cancelled : .connectionFailed(detail: "unexpected network error", retryable: true)
    }
  }

  /// Waits until the operations already on the session's delegate queue have run. URLSession delivers the
  /// per-task delegate calls there, possibly after the error reaches the `data(for:delegate:)` caller; the default
  /// queue is serial, so an operation added now runs after them.
  private static func drainDelegateQueue(of session: URLSession) async {
    let queue = session.delegateQueue
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.addOperation { continuation.resume() }
    }
  }

  private static func connectionFailure(_ code: URLError.Code, host: String?) -> AttemptOutcome {
    let place = host.map { "\($0): " } ?? ""
    switch code {
    case .badURL, .unsupportedURL:
      return .connectionFailed(detail: "\(place)unsupported url", retryable: false)
    case .cannotConnectToHost:
      return .connectionFailed(detail: "\(place)connection refused", retryable: true)
    case .cannotFindHost, .dnsLookupFailed:
      return .connectionFailed(detail: "\(place)host not found", retryable: true)
    case .notConnectedToInternet:
      return .connectionFailed(detail: "\(place)no network connection", retryable: true)
    case .networkConnectionLost:
      return .connectionFailed(detail: "\(place)connection lost", retryable: true)
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return .connectionFailed(detail: "\(place)secure connection failed", retryable: true)
    case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData:
      return .connectionFailed(detail: "\(place)malformed answer", retryable: true)
    default:
      return .connectionFailed(detail: "\(place)network error \(code.rawValue)", retryable: true)
    }
  }
}

extension ResponseHead {
  init(_ response: HTTPURLResponse) {
    self.init(
      status: response.statusCode,
      contentLength: response.value(forHTTPHeaderField: "Content-Length").flatMap {
        Int($0.trimmingCharacters(in: .whitespaces))
      },
      contentEncoding: response.value(forHTTPHeaderField: "Content-Encoding")?.lowercased(),
      retryAfter: response.value(forHTTPHeaderField: "Retry-After")
    )
  }
}

/// Per-task delegate that remembers the announced body length and the bytes that actually arrived, so a
/// connection that breaks off mid-body can be told apart from one that never answered.
final class TransferProbe: NSObject, URLSessionDataDelegate, Sendable {
  private struct Progress {
    var expected: Int?
    var received = 0
    var encoded = false
  }

  private let progress = Mutex(Progress())

  /// Announced and received body bytes, when fewer arrived than announced (and the body was not re-encoded).
  var shortfall: (expected: Int, received: Int)? {
    progress.withLock { progress in
      guard !progress.encoded, let expected = progress.expected, expected > progress.received else { return nil }
      return (expected, progress.received)
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let expected = response.expectedContentLength
    let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")?.lowercased()
    progress.withLock {
      $0 = Progress(
        expected: expected >= 0 ? Int(expected) : nil, received: 0,
        encoded: !(encoding == nil || encoding == "" || encoding == "identity"))
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    progress.withLock { $0.received += data.count }
  }
}
