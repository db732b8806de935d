import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The TCP calls the test servers make on 127.0.0.1, spelled once for Glibc and Darwin: the socket type is an enum
/// on Glibc and an Int32 on Darwin, Darwin's addresses carry their length, and a send to a closed peer raises
/// SIGPIPE unless Glibc's send is told not to or Darwin's socket is.
public enum LoopbackSocket {
  #if canImport(Glibc)
    static let stream = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    static let stream = SOCK_STREAM
    static let sendFlags: Int32 = 0
  #endif

  /// A socket listening on 127.0.0.1 at `port` (0: one the system chooses, the only kind the tests ask for; another
  /// is for showing that a port is taken), and the port it got.
  public static func listening(at port: Int = 0, backlog: Int32 = 16) throws -> (descriptor: Int32, port: Int) {
    let descriptor = try open()
    var address = loopback(port)
    let listens = withSocketAddress(&address) { address, length in
      bind(descriptor, address, length) == 0 && listen(descriptor, backlog) == 0
    }
    guard listens, let bound = localPort(of: descriptor) else { throw closing(descriptor) }
    return (descriptor, bound)
  }

  /// A socket connected to 127.0.0.1 at `port`.
  public static func connected(to port: Int) throws -> Int32 {
    let descriptor = try open()
    var address = loopback(port)
    guard withSocketAddress(&address, { connect(descriptor, $0, $1) == 0 }) else { throw closing(descriptor) }
    return descriptor
  }

  /// The port on 127.0.0.1 that `descriptor` is bound to.
  static func localPort(of descriptor: Int32) -> Int? {
    var address = sockaddr_in()
    let known = withSocketAddress(&address) { address, length in getsockname(descriptor, address, &length) == 0 }
    return known ? Int(UInt16(bigEndian: address.sin_port)) : nil
  }

  /// Makes a send on `connection` to a peer that has gone fail with EPIPE instead of killing the test process.
  static func sendsWithoutSignal(_ connection: Int32) {
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  private static func open() throws -> Int32 {
    let descriptor = socket(AF_INET, stream, 0)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return descriptor
  }

  /// The error of the call that just failed, after closing `descriptor`.
  private static func closing(_ descriptor: Int32) -> POSIXError {
    let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    close(descriptor)
    return error
  }

  private static func loopback(_ port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  private static func withSocketAddress(
    _ address: inout sockaddr_in, _ body: (UnsafeMutablePointer<sockaddr>, inout socklen_t) -> Bool
  ) -> Bool {
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    // Safety: a sockaddr_in is what AF_INET sockets take behind a sockaddr pointer; `length` says its size, and
    // the pointer is used only inside the closure.
    return withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, &length) }
    }
  }
}

/// A port on 127.0.0.1 that refuses every connection at once and that nothing else can take while it is held, for
/// "the server is down": the local end of a loopback connection this process holds. A port merely bound, never
/// listened on, refuses connections on Linux, but Darwin silently drops a connection attempt to such a socket and
/// the client waits out its timeout; a connected socket matches only its own peer, so both refuse everyone else,
/// and the system hands a port in use to no other socket that asks for one.
public final class RefusingPort: Sendable {
  public let port: Int
  private let ends: (Int32, Int32)

  public init() throws {
    let listener = try LoopbackSocket.listening(backlog: 1)
    defer { close(listener.descriptor) }
    let near = try LoopbackSocket.connected(to: listener.port)
    let far = accept(listener.descriptor, nil, nil)
    guard far >= 0, let port = LoopbackSocket.localPort(of: near) else {
      let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
      close(near)
      if far >= 0 { close(far) }
      throw error
    }
    self.port = port
    ends = (near, far)
  }

  deinit {
    close(ends.0)
    close(ends.1)
  }

  /// Runs `body` with a refusing port, held until `body` returns.
  @discardableResult
  public static func with<T>(_ body: (Int) async throws -> T) async throws -> T {
    let held = try RefusingPort()
    defer { withExtendedLifetime(held) {} }
    return try await body(held.port)
  }
}
