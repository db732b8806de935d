public import Foundation
public import HTTP

/// Something that answers catalog URLs with response bodies: the network, or a snapshot on disk.
public protocol CatalogTransport: Sendable {
  func get(_ url: URL) async throws(CatalogError) -> Data
  /// A request with header fields of its own or a form (a token's, a bearer's); answered by its URL where answers
  /// are recorded.
  func send(_ request: HTTPRequest) async throws(CatalogError) -> Data
  /// Requests that reached the catalog, and retries among them.
  func counters() async -> TransportCounters
  /// Where work that awaits answers had best run: the thread the answers arrive on, if the transport has one.
  var taskExecutor: (any TaskExecutor)? { get }
}

extension CatalogTransport {
  public var taskExecutor: (any TaskExecutor)? { nil }
  public func send(_ request: HTTPRequest) async throws(CatalogError) -> Data { try await get(request.url) }
}

public struct TransportCounters: Sendable, Equatable {
  public var requests = 0
  public var retries = 0
  public var throttleWaits = 0
  public var coalesced = 0

  public init(requests: Int = 0, retries: Int = 0, throttleWaits: Int = 0, coalesced: Int = 0) {
    self.requests = requests
    self.retries = retries
    self.throttleWaits = throttleWaits
    self.coalesced = coalesced
  }
}
