import Fixtures
import Foundation
import TestSupport
import Testing

/// Every way a night can fail ends in a documented status and one clear line on standard error, never a signal:
/// the network gone, a catalog refusing, silent or cutting its answers short, one catalog of two down, all of them
/// down, the mail server down, the state folder read-only or full, the library missing or damaged. `.ci/run` runs
/// this against the packaged release binary too.
///
/// The machine's own faults are made for real in namespaces of the run's own (`unshare`): a network with nothing in
/// it, a state folder mounted read-only, a 16 KB file system.
struct FailureLinesTests {
  enum Fault: String, CaseIterable, CustomTestStringConvertible {
    case noNetwork, nameServerSilent, refused, timedOut, oneAnswerCut, everyAnswerCut, oneOfTwoCatalogsDown
    case everyCatalogDown, endlessAnswer
    case mailServerDown, stateReadOnly, stateFull, libraryMissing, libraryDamaged

    var testDescription: String { rawValue }
  }

  /// What a fault must end in: the status, and what standard error says.
  struct Ending {
    var status: Int32
    var lines: [String]
  }

  @Test(.timeLimit(.minutes(5)), arguments: Fault.allCases)
  func everyFailureEndsInItsStatusAndAClearLine(_ fault: Fault) async throws {
    let folder = NSTemporaryDirectory() + "deepcut-failure-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(ReportCommandTests.library.utf8).write(to: URL(fileURLWithPath: folder + "/Library.xml"))
    let night = Night(folder: folder)
    let (result, expected) = try await Self.run(fault, night)
    #expect(
      result.status == expected.status,
      "\(fault): ended with \(result.status) (a number below 64 is the signal that ended it):\n\(result.stderr)")
    for line in expected.lines {
      #expect(result.stderr.contains(line), "\(fault): standard error lacks \"\(line)\":\n\(result.stderr)")
    }
    #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
  }

  static func run(_ fault: Fault, _ night: Night) async throws -> (DeepcutProcess.Result, Ending) {
    switch fault {
    case .noNetwork, .refused, .everyCatalogDown, .oneOfTwoCatalogsDown:
      try await runWithoutAConnection(fault, night)
    case .nameServerSilent:
      try await runWithASilentNameServer(night)
    case .timedOut, .oneAnswerCut, .everyAnswerCut:
      try await runWithAFaultyCatalog(fault, night)
    case .endlessAnswer:
      try await runWithAnEndlessAnswer(night)
    case .mailServerDown:
      try await runWithTheMailServerDown()
    case .stateReadOnly, .stateFull, .libraryMissing, .libraryDamaged:
      try await runWithABadFolder(fault, night)
    }
  }

  static func runWithoutAConnection(_ fault: Fault, _ night: Night) async throws -> (DeepcutProcess.Result, Ending) {
    switch fault {
    case .noNetwork:
      // The catalog's own address, in a network that has nothing in it: no name server answers.
      try await Namespace.require("-rn")
      let result = try await night.run(["--provider", "itunes"], inside: ["/usr/bin/unshare", "-rn"])
      return (result, Ending(status: 69, lines: ["the catalog cannot be reached", "itunes.apple.com: host not found"]))
    case .refused:
      return try await RefusingPort.with { port in
        let result = try await night.run(["--provider", "itunes", "--base-url", "http://127.0.0.1:\(port)"])
        return (result, Ending(status: 69, lines: ["the catalog cannot be reached", "connection refused"]))
      }
    case .everyCatalogDown:
      return try await RefusingPort.with { port in
        let down = "http://127.0.0.1:\(port)"
        let result = try await night.run([
          "--provider", "itunes,deezer", "--base-url", "itunes=\(down)", "--base-url", "deezer=\(down)",
        ])
        return (result, Ending(status: 69, lines: ["the catalog cannot be reached", "connection refused"]))
      }
    default:
      return try await runWithOneOfTwoDown(night)
    }
  }

  /// A name server that takes every question and never answers (a network that lets nothing through but says
  /// nothing), and a resolver told to wait for it 30 s a try, 5 tries: each request still ends at its own
  /// `--timeout`, and the night, three requests later, with 69. curl would wait for its resolver's thread when a
  /// request timed out, past any timeout, had it not been told to let it go (the shim's quick exit).
  static func runWithASilentNameServer(_ night: Night) async throws -> (DeepcutProcess.Result, Ending) {
    try await Namespace.require("-rnm")
    let resolver = night.folder + "/resolv.conf"
    try Data("nameserver 127.0.0.1\noptions timeout:30 attempts:5\n".utf8).write(to: URL(fileURLWithPath: resolver))
    let silent = """
      import socket, sys, time
      udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); udp.bind(("127.0.0.1", 53))
      tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM); tcp.bind(("127.0.0.1", 53)); tcp.listen(64)
      print("READY", flush=True); time.sleep(3600)
      """
    // The name server says READY once both sockets are bound; the night starts after that line is whole, and the
    // name server ends with it (holding none of the night's descriptors).
    let script = """
      ip link set lo up && mount --bind "$1" /etc/resolv.conf || exit 1
      /usr/bin/python3 -c "$2" > "$3" 2>&1 < /dev/null &
      server=$!
      until grep -qx READY "$3"; do kill -0 "$server" 2>/dev/null || { cat "$3" >&2; exit 1; }; sleep 0.05; done
      shift 3
      "$@"
      status=$?
      kill "$server"
      exit "$status"
      """
    let inside = ["/usr/bin/unshare", "-rnm", "/bin/sh", "-c", script, "sh", resolver, silent, night.folder + "/ready"]
    let result = try await night.run(["--provider", "itunes", "--timeout", "2"], inside: inside)
    return (result, Ending(status: 69, lines: ["the catalog cannot be reached", "no answer in time"]))
  }

  /// A proxy or a sign-in page that answers every request without end: each transfer stops at 16 MB, keeps nothing,
  /// is not asked again, and the night ends as one whose catalog cannot be reached.
  static func runWithAnEndlessAnswer(_ night: Night) async throws -> (DeepcutProcess.Result, Ending) {
    let chunk = Data(repeating: 0x7B, count: 1 << 16)
    return try await ScriptedHTTPServer.with(respond: { _ in .init(status: 200, body: chunk, endless: true) }) {
      server in
      let result = try await night.run(["--provider", "itunes", "--base-url", server.url("").absoluteString])
      return (result, Ending(status: 69, lines: ["the catalog cannot be reached", "went past 16 MB and was stopped"]))
    }
  }

  /// iTunes answers, Deezer's port refuses: the iTunes rows stand, and the night says Deezer said nothing.
  static func runWithOneOfTwoDown(_ night: Night) async throws -> (DeepcutProcess.Result, Ending) {
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      try await RefusingPort.with { port in
        let result = try await night.run([
          "--provider", "itunes,deezer", "--base-url", "itunes=\(server.baseURL.absoluteString)",
          "--base-url", "deezer=http://127.0.0.1:\(port)",
        ])
        #expect(result.stdout.contains("Repentless"), "the catalog that answered lost its rows:\n\(result.stdout)")
        return (
          result,
          Ending(status: 0, lines: ["deezer answered nothing tonight", "the report has the other catalogs' releases"])
        )
      }
    }
  }

  static func runWithAFaultyCatalog(_ fault: Fault, _ night: Night) async throws -> (DeepcutProcess.Result, Ending) {
    try await FakeCatalogServer.with(world: ReportCommandTests.world) { server in
      let base = ["--provider", "itunes", "--base-url", server.baseURL.absoluteString]
      switch fault {
      case .timedOut:
        try await server.setKnobs(
          FakeKnobs {
            $0.faultEvery = 1; $0.faultKind = "hang"
          })
        let result = try await night.run(base + ["--timeout", "1"])
        return (result, Ending(status: 69, lines: ["the catalog cannot be reached", "no answer in time"]))
      case .oneAnswerCut:
        // Tried again, and the second answer is whole: the night goes on as if nothing happened.
        try await server.setKnobs(FakeKnobs { $0.truncateNext = 1 })
        let result = try await night.run(base)
        #expect(result.stdout.contains("Repentless"), "\(result.stdout)")
        #expect(!result.stderr.contains("failed"), "\(result.stderr)")
        return (result, Ending(status: 0, lines: []))
      default:
        try await server.setKnobs(
          FakeKnobs {
            $0.faultEvery = 1; $0.faultKind = "truncate"
          })
        let result = try await night.run(base)
        return (result, Ending(status: 69, lines: ["the catalog cannot be reached", "its answers broke off"]))
      }
    }
  }

  static func runWithTheMailServerDown() async throws -> (DeepcutProcess.Result, Ending) {
    let certificate = try await TestCertificate.make()
    return try await RefusingPort.with { port in
      let home = try DeliveryCommandTests.Home(
        smtp: ["url": .string("smtp://127.0.0.1:\(port)"), "caFile": .string(certificate.certificate)])
      let result = try await home.report()
      return (
        result,
        Ending(
          status: 75, lines: ["cannot reach the mail server smtp://127.0.0.1:\(port)", "the next run sends it all"])
      )
    }
  }

  static func runWithABadFolder(_ fault: Fault, _ night: Night) async throws -> (DeepcutProcess.Result, Ending) {
    let state = night.folder + "/state"
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    switch fault {
    case .stateReadOnly:
      try await Namespace.require("-rm")
      let mount = #"mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@""#
      let result = try await night.run(
        sample: true, inside: ["/usr/bin/unshare", "-rm", "/bin/sh", "-c", mount, "sh", state])
      return (result, Ending(status: 73, lines: ["cannot lock \(state)/deepcut.lock", "Read-only file system"]))
    case .stateFull:
      try await Namespace.require("-rm")
      let mount = #"mount -t tmpfs -o size=16k tmpfs "$1" && shift && exec "$@""#
      let result = try await night.run(
        sample: true, inside: ["/usr/bin/unshare", "-rm", "/bin/sh", "-c", mount, "sh", state])
      return (result, Ending(status: 73, lines: ["cannot write \(state)/state.sqlite: the disk is full"]))
    case .libraryMissing:
      let missing = night.folder + "/Music/Library.xml"
      let result = try await night.run(sample: true, library: missing)
      return (result, Ending(status: 66, lines: [missing]))
    default:
      let damaged = night.folder + "/Damaged.xml"
      let text = try String(contentsOfFile: night.folder + "/Library.xml", encoding: .utf8)
      try Data(text.prefix(300).utf8).write(to: URL(fileURLWithPath: damaged))
      let result = try await night.run(sample: true, library: damaged)
      return (result, Ending(status: 65, lines: ["\(damaged):"]))
    }
  }

  /// One night in `folder`: its library, its state, the report on standard output.
  struct Night {
    var folder: String

    /// Runs the night with `extra`, through the program and arguments of `inside` when given (a namespace). A
    /// `sample` night reads the sample library (or `library`) and answers from the recorded catalogs.
    func run(
      _ extra: [String] = [], sample: Bool = false, library: String? = nil, inside: [String] = []
    ) async throws -> DeepcutProcess.Result {
      let read = library ?? (sample ? "samples/Library.xml" : folder + "/Library.xml")
      let answers = sample ? ["--snapshot", "samples/catalogs"] : ["--rate-limit", "0"]
      let arguments =
        ["report", "--library", read, "--now", "2026-11-29", "--state-dir", folder + "/state"] + answers
        + ["--contact", "failures@example.org"] + extra
      guard let program = inside.first else { return try await DeepcutProcess.run(arguments) }
      return try await DeepcutProcess.run(
        inside.dropFirst() + [DeepcutProcess.executable.path] + arguments, executable: URL(fileURLWithPath: program))
    }
  }

  /// Namespaces of the run's own: `unshare` must be allowed to make them.
  enum Namespace {
    static func require(_ kinds: String) async throws {
      let probe = try await DeepcutProcess.shell("/usr/bin/unshare", [kinds, "/bin/true"])
      try #require(
        probe.status == 0,
        "unshare \(kinds) is not allowed here (\(probe.output)); these faults need a namespace of their own")
    }
  }
}
