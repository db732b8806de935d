public import Foundation
internal import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for transport details the fake catalog cannot show (it closes every
/// connection and logs no headers): it keeps connections open unless a reply says otherwise, answers every request
/// with what `respond` returns for its path, and records each request head with the connection it came on.
public final class ScriptedHTTPServer: Sendable {
  public struct Reply: Sendable {
    public var status: Int
    public var headers: [(String, String)] = []
    public var body = Data()
    /// Send `Connection: close` and close the connection after this reply.
    public var close = false
    /// How long the server thinks before answering.
    public var delay: Duration = .zero
    /// Send `body` again and again, with no length, until the client stops reading: a broken proxy's answer.
    public var endless = false

    public init(
      status: Int, headers: [(String, String)] = [], body: Data = Data(), close: Bool = false, delay: Duration = .zero,
      endless: Bool = false
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.close = close || endless
      self.delay = delay
      self.endless = endless
    }
  }

  public struct Request: Sendable {
    /// 0 for the first connection accepted, 1 for the next, ...
    public var connection: Int
    public var requestLine: String
    /// Header fields with lowercased names, in order.
    public var fields: [(name: String, value: String)]

    public func value(_ name: String) -> String? {
      fields.first { $0.name == name.lowercased() }?.value
    }

    public init(connection: Int, requestLine: String, fields: [(name: String, value: String)]) {
      self.connection = connection
      self.requestLine = requestLine
      self.fields = fields
    }
  }

  public struct Failure: Error {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  public let port: Int
  private let listener: Int32
  private let respond: @Sendable (String) -> Reply
  private let state = Mutex<(requests: [Request], connections: [Int32], stopped: Bool)>(([], [], false))

  public init(respond: @escaping @Sendable (_ path: String) -> Reply) throws {
    let listener: (descriptor: Int32, port: Int)
    do {
      listener = try LoopbackSocket.listening()
    } catch {
      throw Failure(description: "cannot listen on 127.0.0.1: \(error)")
    }
    self.listener = listener.descriptor
    self.respond = respond
    port = listener.port
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  public var requests: [Request] { state.withLock { $0.requests } }

  /// Stops accepting and drops every open connection. The descriptors are shut down under the lock their serving
  /// threads close them under, so none is one another test has been handed meanwhile; the listener is the accept
  /// loop's to close.
  public func stop() {
    state.withLock { state in
      state.stopped = true
      for connection in state.connections {
        shutdown(connection, Int32(SHUT_RDWR))
      }
    }
  }

  /// Runs `body` with a server and stops it afterwards.
  public static func with<T>(
    respond: @escaping @Sendable (_ path: String) -> Reply, _ body: (ScriptedHTTPServer) async throws -> T
  ) async throws -> T {
    let server = try ScriptedHTTPServer(respond: respond)
    defer { server.stop() }
    return try await body(server)
  }

  /// Polls the listener rather than blocking in accept: shutting a listener down wakes accept on Linux but not on
  /// Darwin, and a loop that looks at `stopped` between polls ends either way.
  private func acceptLoop() {
    var index = 0
    defer { close(listener) }
    while !state.withLock({ $0.stopped }) {
      var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, 100)
      if polled < 0, errno != EINTR { return }
      guard polled > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      let accepted = state.withLock { state in
        if !state.stopped {
          state.connections.append(connection)
        }
        return !state.stopped
      }
      guard accepted else {
        close(connection)
        return
      }
      LoopbackSocket.sendsWithoutSignal(connection)
      let number = index
      index += 1
      Thread { [self] in serve(connection, number: number) }.start()
    }
  }

  private func serve(_ connection: Int32, number: Int) {
    defer {
      state.withLock { state in
        state.connections.removeAll { $0 == connection }
        close(connection)
      }
    }
    var buffer = Data()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      while let end = buffer.firstRange(of: Data("\r\n\r\n".utf8)) {
        let head = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        buffer = Data(buffer[end.upperBound...])
        let reply = answer(head, connection: number)
        guard transmit(reply.bytes, on: connection), !reply.close else {
          while let more = reply.endless, transmit(more, on: connection) {}
          return
        }
      }
      // Safety: recv writes at most `count` bytes into the buffer, which lives for the closure.
      let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return }
      buffer.append(contentsOf: chunk[0..<count])
    }
  }

  private func answer(_ head: String, connection: Int) -> (bytes: Data, close: Bool, endless: Data?) {
    let lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.first ?? ""
    let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    state.withLock { $0.requests.append(Request(connection: connection, requestLine: requestLine, fields: fields)) }
    let parts = requestLine.split(separator: " ")
    let reply = respond(parts.count > 1 ? String(parts[1]) : "/")
    if reply.delay > .zero {
      // Each connection has a thread of its own, so sleeping here holds up this answer only.
      Thread.sleep(
        forTimeInterval: Double(reply.delay.components.seconds) + Double(reply.delay.components.attoseconds) / 1e18)
    }
    var text = "HTTP/1.1 \(reply.status) Scripted\r\n"
    for (name, value) in reply.headers {
      text += "\(name): \(value)\r\n"
    }
    if !reply.endless { text += "Content-Length: \(reply.body.count)\r\n" }
    if reply.close {
      text += "Connection: close\r\n"
    }
    text += "\r\n"
    return (Data(text.utf8) + reply.body, reply.close, reply.endless ? reply.body : nil)
  }

  private func transmit(_ bytes: Data, on connection: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      // Safety: send reads at most the `buffer.count - offset` bytes after `offset`, inside the buffer.
      let sent = bytes.withUnsafeBytes { buffer in
        send(connection, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, LoopbackSocket.sendFlags)
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }
}
