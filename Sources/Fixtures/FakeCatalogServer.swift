internal import Basics
public import Foundation
public import Identity
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Runs `Tests/Fakes/fake_itunes.py` (the fake iTunes Search API) as a child process on 127.0.0.1 for one
/// test, and talks to its control endpoints.
///
/// The server is started through `SpawnedProcess` (Foundation's `Process` can crash on Linux with many descriptors
/// open), with `--exit-on-stdin-eof` and a standard input this object holds open, so a server whose test process
/// dies (and with it that input) exits too. Prefer ``with(arguments:world:_:)``, which always
/// stops the server; otherwise call ``stop()`` yourself.
///
/// The script is found through the `DEEPCUT_FAKE_ITUNES` environment variable, else by walking up from this
/// file to the folder that holds `Package.swift` and taking `Tests/Fakes/fake_itunes.py` there. Python is
/// `python3` on the `PATH`, or `DEEPCUT_PYTHON` when set.
public final class FakeCatalogServer: Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Which fake: the script in `Tests/Fakes` that speaks one catalog's wire format.
  public struct Service: Sendable, Equatable {
    /// The script's file name.
    public var rawValue: String

    /// `Tests/Fakes/fake_NAME.py`, for the catalog of that name (what `--provider` takes).
    public init(catalog name: CatalogName) {
      rawValue = "fake_\(name).py"
    }

    /// `Tests/Fakes/fake_itunes.py`: the iTunes Search API.
    public static let itunes = Service(catalog: "itunes")
    /// `Tests/Fakes/fake_musicbrainz.py`: MusicBrainz WS/2.
    public static let musicbrainz = Service(catalog: "musicbrainz")
  }

  /// Where the API answers, e.g. `http://127.0.0.1:54321` (no trailing slash).
  public let baseURL: URL
  /// The server; its standard input is held open until ``stop()``, and its end tells the server to exit.
  private let process: SpawnedProcess
  private let worldFile: URL?
  private let session: URLSession

  /// Starts a server. `arguments` are extra command-line knobs such as `["--latency-ms", "200"]`; `world` is
  /// the world it serves, written to a temporary file for `--world`.
  public static func start(
    _ service: Service = .itunes, arguments: [String] = [], world: FakeWorld? = nil, filePath: String = #filePath
  ) async throws -> FakeCatalogServer {
    let script = try scriptPath(service, filePath: filePath)
    var worldFile: URL?
    var allArguments = [script, "--exit-on-stdin-eof"] + arguments
    if let world {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "fake-itunes-world-\(UUID().uuidString).json")
      try world.json().write(to: file)
      worldFile = file
      allArguments += ["--world", file.path]
    }
    let python = ProcessInfo.processInfo.environment["DEEPCUT_PYTHON"].flatMap { $0.isEmpty ? nil : $0 } ?? "python3"
    let child: Child
    do {
      child = try Child(arguments: [python] + allArguments)
    } catch {
      throw Failure(description: "cannot start \(python) \(script): \(error)")
    }
    guard let line = await child.ready.line(timeout: .seconds(120)),
      line.hasPrefix("READY "),
      let url = URL(string: String(line.dropFirst("READY ".count)).trimmingCharacters(in: .whitespaces))
    else {
      child.process.terminate()
      _ = await child.process.waitUntilExit(within: .seconds(3))
      throw Failure(description: "\(service.rawValue) did not start: \(child.stderrTail.text)")
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
    return FakeCatalogServer(
      baseURL: url, process: child.process, worldFile: worldFile, session: URLSession(configuration: configuration))
  }

  /// The server's process with its pipes wired: standard output read for the READY line, standard error kept for
  /// messages, standard input left open.
  private struct Child {
    let process: SpawnedProcess
    let ready = ReadyLine()
    let stderrTail = OutputTail()

    init(arguments: [String]) throws {
      // Started where the tests run, so no shell is needed to enter another folder.
      process = try SpawnedProcess(
        "/usr/bin/env", arguments, environment: ProcessInfo.processInfo.environment,
        directory: FileManager.default.currentDirectoryPath, mergingErrors: false)
      let (ready, stderrTail) = (ready, stderrTail)
      // Blocking reads on threads of their own, not readability handlers: tearing a handler's dispatch source
      // down can race the pipe's close and crash libdispatch's event loop on Linux.
      if let output = process.output { Self.drain(output, into: ready.append, then: ready.finish) }
      if let errors = process.errors { Self.drain(errors, into: stderrTail.append, then: {}) }
    }

    private static func drain(
      _ handle: FileHandle, into sink: @escaping @Sendable (Data) -> Void, then end: @escaping @Sendable () -> Void
    ) {
      Thread {
        // `availableData` returns what one read gives, empty at the end of the stream (the server has exited).
        var chunk = handle.availableData
        while !chunk.isEmpty {
          sink(chunk)
          chunk = handle.availableData
        }
        try? handle.close()
        end()
      }.start()
    }
  }

  /// Runs `body` with a fresh server and stops it afterwards, also when `body` throws.
  public static func with<T>(
    _ service: Service = .itunes, arguments: [String] = [], world: FakeWorld? = nil,
    filePath: String = #filePath, _ body: (FakeCatalogServer) async throws -> T
  ) async throws -> T {
    let server = try await start(service, arguments: arguments, world: world, filePath: filePath)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  private init(baseURL: URL, process: SpawnedProcess, worldFile: URL?, session: URLSession) {
    self.baseURL = baseURL
    self.process = process
    self.worldFile = worldFile
    self.session = session
  }

  deinit {
    // Fallback for a test that forgot stop(): closing stdin makes the server exit on its own.
    try? process.input.close()
    process.terminate()
    if let worldFile {
      try? FileManager.default.removeItem(at: worldFile)
    }
  }

  /// Stops the server: SIGTERM and stdin EOF, up to 5 s to exit, then SIGKILL.
  public func stop() async {
    try? process.input.close()
    process.terminate()
    _ = await process.waitUntilExit(within: .seconds(5))
    session.finishTasksAndInvalidate()
  }

  /// A URL on the server: `path` (e.g. "/search") with the query items in order.
  public func url(_ path: String, _ query: KeyValuePairs<String, String> = [:]) -> URL {
    var components = URLComponents()
    components.path = path
    if query.count > 0 {
      components.queryItems = query.map { URLQueryItem(name: $0.key, value: $0.value) }
    }
    return components.url(relativeTo: baseURL)?.absoluteURL ?? baseURL
  }

  /// Changes knobs at run time (`POST /_control`), e.g. `FakeKnobs { $0.failNext = 2; $0.failStatus = 503 }`;
  /// the knobs left nil stay as they are.
  public func setKnobs(_ knobs: FakeKnobs) async throws {
    _ = try await control("POST", "/_control", body: encoded(knobs))
  }

  /// Current knobs (`GET /_control`); one that is null reads as nil.
  public func knobs() async throws -> FakeKnobs {
    try await JSONDecoder().decode(FakeKnobs.self, from: control("GET", "/_control"))
  }

  /// Logged API requests, oldest first.
  public func requestLog() async throws -> [FakeRequest] {
    try await JSONDecoder().decode(Log.self, from: control("GET", "/_log")).requests
  }

  /// How many API requests reached the server.
  public var requestCount: Int {
    get async throws {
      try await JSONDecoder().decode(Log.self, from: control("GET", "/_log")).count
    }
  }

  private struct Log: Decodable {
    var count: Int
    var requests: [FakeRequest]
  }

  /// Empties the request log.
  public func clearLog() async throws {
    _ = try await control("POST", "/_log/clear")
  }

  /// Startup knobs, empty log, empty rate window.
  public func reset() async throws {
    _ = try await control("POST", "/_reset")
  }

  /// The catalog goes away mid-run (`POST /_gone`): requests it holds end unanswered, open connections are cut, and
  /// every new one is refused, while the port stays the server's until ``stop()``. Stopping alone frees the port,
  /// which the system may hand to a server another test starts next; a client still asking would reach that one.
  public func goAway() async throws {
    _ = try await control("POST", "/_gone")
  }

  /// Replaces the world (`POST /_world`).
  public func setWorld(_ world: FakeWorld) async throws {
    _ = try await control("POST", "/_world", body: world.json())
  }

  private func encoded(_ knobs: FakeKnobs) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(knobs)
  }

  /// The answer to a control request, a JSON object; any other answer throws.
  private func control(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
    var request = URLRequest(url: url(path))
    request.httpMethod = method
    request.timeoutInterval = 10
    if let body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await session.data(for: request)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200, (try? JSONValue(json: data))?.object != nil else {
      throw Failure(
        description: "\(method) \(path) answered \(status): \(String(decoding: data, as: UTF8.self))")
    }
    return data
  }

  public static func scriptPath(_ service: Service = .itunes, filePath: String = #filePath) throws -> String {
    let fileManager = FileManager.default
    if service == .itunes, let path = ProcessInfo.processInfo.environment["DEEPCUT_FAKE_ITUNES"], !path.isEmpty {
      guard fileManager.fileExists(atPath: path) else {
        throw Failure(description: "DEEPCUT_FAKE_ITUNES names \(path), which does not exist")
      }
      return path
    }
    var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
      if fileManager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        let script = folder.appendingPathComponent("Tests/Fakes/" + service.rawValue).path
        if fileManager.fileExists(atPath: script) {
          return script
        }
      }
      folder = folder.deletingLastPathComponent()
    }
    throw Failure(description: "cannot find Tests/Fakes/\(service.rawValue) above \(filePath)")
  }
}

// MARK: - Helpers

/// Collects stdout until the first line, which one task awaits with a time limit.
private final class ReadyLine: Sendable {
  private struct State {
    var buffer = Data()
    var line: String?
    var finished = false
    var waiter: CheckedContinuation<String?, Never>?
  }

  private let state = Mutex(State())

  func append(_ chunk: Data) {
    let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
      guard state.line == nil else { return nil }
      state.buffer.append(chunk)
      guard let newline = state.buffer.firstIndex(of: 0x0A) else { return nil }
      state.line = String(decoding: state.buffer[..<newline], as: UTF8.self)
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: state.withLock { $0.line })
  }

  func finish() {
    let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
      state.finished = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: state.withLock { $0.line })
  }

  func line(timeout: Duration) async -> String? {
    let timer = Task {
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      self.finish()
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Bool in
        if state.line != nil || state.finished {
          return true
        }
        state.waiter = continuation
        return false
      }
      if ready {
        continuation.resume(returning: state.withLock { $0.line })
      }
    }
  }
}

/// The last few kilobytes of the server's stderr, for error messages.
private final class OutputTail: Sendable {
  private let data = Mutex(Data())

  func append(_ chunk: Data) {
    data.withLock {
      $0.append(chunk)
      if $0.count > 8192 {
        $0 = Data($0.suffix(8192))
      }
    }
  }

  var text: String {
    data.withLock { String(decoding: $0, as: UTF8.self) }
  }
}
