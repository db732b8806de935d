public import Foundation
public import HTTP

/// The network, through the rate-limited, retrying, coalescing HTTP client.
public struct LiveTransport: CatalogTransport {
  public let client: HTTPClient

  public init(client: HTTPClient) {
    self.client = client
  }

  public func get(_ url: URL) async throws(CatalogError) -> Data {
    do {
      return try await client.get(url)
    } catch {
      throw CatalogError(error)
    }
  }

  public func send(_ request: HTTPRequest) async throws(CatalogError) -> Data {
    do {
      return try await client.send(request)
    } catch {
      throw CatalogError(error)
    }
  }

  public var taskExecutor: (any TaskExecutor)? { client.taskExecutor }

  public func counters() async -> TransportCounters {
    let metrics = await client.metrics
    return TransportCounters(
      requests: metrics.requests,
      retries: metrics.retries,
      throttleWaits: metrics.throttleWaits,
      coalesced: metrics.coalesced
    )
  }
}

extension CatalogError {
  init(_ error: HTTPClientError) {
    switch error {
    case .badRequest(let message): self = .badRequest(message)
    case .throttled: self = .throttled
    case .server(let status): self = .server(status: status)
    case .timedOut: self = .timedOut
    // An answer that breaks off try after try is a connection that breaks: a night of nothing else has nothing to
    // say, as one whose connections were refused.
    case .truncated(let expected, let received):
      self = .unreachable("its answers broke off, the last after \(received) of \(expected) bytes")
    case .unreachable(let detail): self = .unreachable(detail)
    // A sign-in page or a proxy in the way: the catalog is not reachable from here.
    case .webPage: self = .unreachable("a web page answered instead of the catalog: a network sign-in page or a proxy?")
    case .busy(let message): self = .unreachable("the catalog is busy: \(message)")
    // Answers without end are a proxy or a sign-in page in the way: the catalog is not reachable from here.
    case .tooLarge(let limit): self = .unreachable("its answer went past \(limit / 1_048_576) MB and was stopped")
    case .cancelled: self = .unreachable("cancelled")
    }
  }
}
