import Basics
import Foundation
import TestSupport
import Testing

/// `Scripts/make-deb` as a release is made: one release build, the Debian package it gives read back with dpkg-deb,
/// unpacked, and its program run with nothing of the toolchain or of the environment.
///
/// The release build takes minutes, so the plain `swift test` leaves it out. `.ci/run` makes the package after the
/// suite and names it in DEEPCUT_PACKAGE (`DEEPCUT_PACKAGE_TEST=1 swift test --skip-build --filter PackageTests`);
/// without it the test makes one, building in .build/deb-build, whose lock is not the one a running `swift test`
/// holds on .build. `.ci/run` then runs every end-to-end test again against the binary the package holds.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["DEEPCUT_PACKAGE_TEST"] == "1",
    "the release build takes minutes: DEEPCUT_PACKAGE_TEST=1 runs it"))
struct PackageTests {
  static let libraries = ["libxml2", "libsqlite3-0", "zlib1g", "libc6"]
  /// What a binary that has neither the runtime nor Foundation linked in would load from the toolchain.
  static let toolchainLibraries = ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime"]

  /// A scratch folder for the packages and what is unpacked from them.
  struct Scratch {
    let root = NSTemporaryDirectory() + "deepcut-deb-" + UUID().uuidString
    var unpacked: String { root + "/root" }
    var binary: String { unpacked + "/usr/bin/deepcut" }
    var doc: String { unpacked + "/usr/share/doc/deepcut" }
  }

  /// Runs a program found on PATH, its standard error merged into its output.
  static func run(_ arguments: String..., environment: [String: String] = [:]) async throws -> (
    status: Int32, output: String
  ) {
    try await DeepcutProcess.shell("/usr/bin/env", arguments, environment: environment)
  }

  /// Builds the package into `folder` and returns its path, the last line the script printed.
  static func makePackage(into folder: String) async throws -> String {
    let script = DeepcutProcess.packageRoot.appendingPathComponent("Scripts/make-deb").path
    let scratchPath = DeepcutProcess.packageRoot.appendingPathComponent(".build/deb-build").path
    let made = try await run(
      "bash", script, "--output", folder, "--scratch-path", scratchPath)
    try #require(made.status == 0, "make-deb failed:\n\(made.output)")
    let path = String(made.output.split(separator: "\n").last ?? "")
    try #require(FileManager.default.fileExists(atPath: path), "make-deb's last line is no file:\n\(made.output)")
    return path
  }

  /// The package `.ci/run` made (DEEPCUT_PACKAGE names it), else one made here.
  static func package(into folder: String) async throws -> String {
    if let given = ProcessInfo.processInfo.environment["DEEPCUT_PACKAGE"] { return given }
    return try await makePackage(into: folder)
  }

  @Test(.timeLimit(.minutes(30)))
  func theReleasePackageRunsWithoutTheToolchain() async throws {
    let scratch = Scratch()
    try FileManager.default.createDirectory(atPath: scratch.root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch.root) }
    let deb = try await Self.package(into: scratch.root + "/deb")
    let arch = try await Self.run("dpkg", "--print-architecture").output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(URL(fileURLWithPath: deb).lastPathComponent == "deepcut_\(Product.version)-1_\(arch).deb")
    try #require(try await Self.run("dpkg-deb", "-x", deb, scratch.unpacked).status == 0)

    let linked = try await neededLibraries(scratch.binary)
    try await checkControl(deb, linked: linked)
    try await checkContents(deb)
    try await checkBinary(scratch.binary)
    try await checkSampleNights(scratch.binary, scratch: scratch)
    try await checkReproducible(scratch.binary, scratch: scratch)
    try await checkDocuments(deb, scratch: scratch)
    try await checkGenerated(scratch)
    try await checkLintian(deb)
  }

  /// The sonames in the binary's NEEDED entries.
  func neededLibraries(_ binary: String) async throws -> [String] {
    let dump = try await Self.run("objdump", "-p", binary)
    try #require(dump.status == 0, "\(dump.output)")
    return dump.output.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      return fields.first == "NEEDED" ? fields.last.map(String.init) : nil
    }
  }

  /// The control file's fields, Depends as dpkg-shlibdeps computes it from the libraries the binary is linked against.
  func checkControl(_ deb: String, linked: [String]) async throws {
    let info = try await Self.run("dpkg-deb", "--info", deb)
    #expect(info.status == 0, "\(info.output)")
    let field = { (name: String) in
      try await Self.run("dpkg-deb", "--field", deb, name).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(try await field("Package") == "deepcut")
    #expect(try await field("Version") == "\(Product.version)-1")
    #expect(try await field("Suggests") == "msmtp | mail-transport-agent")
    #expect(try await field("Priority") == "optional")
    #expect(try await field("Maintainer").contains("<"))
    let description = try await field("Description")
    #expect(description.split(separator: "\n").count > 2, "a synopsis and an extended description: \(description)")
    let depends = Self.packageNames(try await field("Depends"))
    var required = Self.libraries
    required.append(depends.contains("libcurl4t64") ? "libcurl4t64" : "libcurl4")
    if linked.contains("libstdc++.so.6") { required.append("libstdc++6") }
    if linked.contains("libgcc_s.so.1") { required.append("libgcc-s1") }
    for library in required {
      #expect(depends.contains(library), "Depends lacks \(library): \(info.output)")
    }
  }

  /// `libc6 (>= 2.34), libcurl4 (>= 7.16.2) | libcurl4t64` gives each name.
  static func packageNames(_ depends: String) -> Set<String> {
    Set(
      depends.split(whereSeparator: { $0 == "," || $0 == "|" }).compactMap { alternative in
        alternative.split(separator: " ").first.map(String.init)
      })
  }

  /// Every path, owned by root, directories and the program 0755, every other file 0644.
  func checkContents(_ deb: String) async throws {
    let listing = try await Self.run("dpkg-deb", "--contents", deb)
    #expect(listing.status == 0, "\(listing.output)")
    var modes: [String: String] = [:]
    for line in listing.output.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 6, let path = fields.last else { continue }
      #expect(fields[1] == "root/root", "\(line)")
      modes[String(path.hasSuffix("/") && path != "./" ? path.dropLast() : path)] = String(fields[0])
    }
    let expected = [
      "./usr/bin/deepcut", "./usr/share/doc/deepcut/copyright", "./usr/share/doc/deepcut/changelog.Debian.gz",
      "./usr/share/doc/deepcut/examples/deepcut.service", "./usr/share/doc/deepcut/examples/deepcut.timer",
      "./usr/share/doc/deepcut/examples/crontab.example", "./usr/share/doc/deepcut/examples/deepcut-nightly",
      "./usr/share/doc/deepcut/examples/templates/README.md",
      "./usr/share/doc/deepcut/examples/templates/report.md.mustache",
      "./usr/share/doc/deepcut/examples/templates/report.html.mustache",
      "./usr/share/doc/deepcut/examples/templates/report.atom.mustache",
      "./usr/share/doc/deepcut/examples/templates/report.ics.mustache", "./usr/share/doc/deepcut/README.md.gz",
      "./usr/share/man/man1/deepcut.1.gz", "./usr/share/bash-completion/completions/deepcut",
      "./usr/share/zsh/vendor-completions/_deepcut", "./usr/share/fish/vendor_completions.d/deepcut.fish",
    ]
    for path in expected {
      #expect(modes[path] != nil, "the package lacks \(path): \(listing.output)")
    }
    for (path, mode) in modes {
      let wanted = mode.hasPrefix("d") ? "drwxr-xr-x" : path == "./usr/bin/deepcut" ? "-rwxr-xr-x" : "-rw-r--r--"
      #expect(mode == wanted, "\(path) is \(mode)")
    }
  }

  /// Stripped, no library of the toolchain, and it runs with an empty environment.
  func checkBinary(_ binary: String) async throws {
    let file = try await Self.run("file", "-b", binary)
    #expect(file.output.contains(", stripped"), "\(file.output)")
    let ldd = try await Self.run("ldd", binary)
    #expect(ldd.status == 0, "\(ldd.output)")
    #expect(!ldd.output.contains("not found"), "\(ldd.output)")
    for library in Self.toolchainLibraries {
      #expect(!ldd.output.contains(library), "\(ldd.output)")
    }
    let version = try await Self.run("env", "-i", binary, "--version")
    #expect(version.status == 0)
    #expect(version.output == "deepcut \(Product.version)\n")
    let library = DeepcutProcess.packageRoot.appendingPathComponent("samples/Library.xml").path
    let scan = try await Self.run("env", "-i", binary, "scan", "--library", library, "--json")
    #expect(scan.status == 0, "\(scan.output)")
    let object = try JSONSerialization.jsonObject(with: Data(scan.output.utf8)) as? [String: Any]
    #expect((object?["musicTracks"] as? Int ?? 0) > 0, "\(scan.output)")
  }

  /// The README's offline nights, run with the packaged program under an empty environment, print the sample
  /// reports byte for byte: the recommended catalogs `samples/report.md`, each single one its `report-NAME.md`.
  func checkSampleNights(_ binary: String, scratch: Scratch) async throws {
    let commands = try Self.sampleNights()
    #expect(commands.map(\.sample) == ["report.md", "report-itunes.md", "report-musicbrainz.md", "report-deezer.md"])
    for (number, night) in commands.enumerated() {
      let home = scratch.root + "/home-\(number)"
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      let result = try await DeepcutProcess.run(
        ["-i", "PATH=/usr/bin:/bin", "HOME=\(home)", binary] + night.arguments,
        executable: URL(fileURLWithPath: "/usr/bin/env"), environment: ["HOME": home])
      let expected = try String(
        contentsOf: DeepcutProcess.packageRoot.appendingPathComponent("samples/" + night.sample), encoding: .utf8)
      #expect(result.status == 0, "deepcut \(night.arguments.joined(separator: " ")): \(result.stderr)")
      #expect(
        result.stdout == expected, "deepcut \(night.arguments.joined(separator: " ")) is not samples/\(night.sample)")
    }
  }

  /// The README's `swift run deepcut report ... --snapshot samples/catalogs ...` commands, with the sample each
  /// prints: `report.md` for the recommended catalogs, `report-NAME.md` for `--provider NAME`.
  static func sampleNights() throws -> [(arguments: [String], sample: String)] {
    let readme = try String(
      contentsOf: DeepcutProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var nights: [(arguments: [String], sample: String)] = []
    for line in readme.split(separator: "\n") where line.hasPrefix("swift run deepcut report ") {
      let command = line.split(separator: "#").first ?? line
      let arguments = command.split(separator: " ").dropFirst(3).map(String.init)
      guard arguments.contains("samples/catalogs") else { continue }
      let provider = arguments.firstIndex(of: "--provider").map { arguments[$0 + 1] }
      nights.append((arguments, provider.map { "report-\($0).md" } ?? "report.md"))
    }
    return nights
  }

  /// The copyright file in DEP-5 with the LICENSE's words, the changelog, and md5sums that match the files.
  func checkDocuments(_ deb: String, scratch: Scratch) async throws {
    let copyright = try String(contentsOfFile: scratch.doc + "/copyright", encoding: .utf8)
    #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
    #expect(copyright.contains("\nFiles: *\nCopyright: 2026 the deepcut authors\nLicense: Expat\n"))
    #expect(copyright.contains("MIT license"))
    #expect(copyright.contains(" copies or substantial portions of the Software.\n"))
    let changelog = try await Self.run("gzip", "-dc", scratch.doc + "/changelog.Debian.gz")
    #expect(changelog.output.hasPrefix("deepcut (\(Product.version)-1) unstable; urgency=medium\n"))
    let control = scratch.root + "/DEBIAN"
    try #require(try await Self.run("dpkg-deb", "--control", deb, control).status == 0)
    let md5sums = try String(contentsOfFile: control + "/md5sums", encoding: .utf8)
    #expect(md5sums.contains("  usr/bin/deepcut\n"))
    let check = try await Self.run(
      "sh", "-c", "cd \"$1\" && md5sum --check --quiet \"$2\"", "sh", scratch.unpacked, control + "/md5sums")
    #expect(check.status == 0, "\(check.output)")
  }

  /// The man page dated by SOURCE_DATE_EPOCH (the commit's time unless it is set), as the script gives it to
  /// `deepcut manual`, so a rebuild of the commit gives the same page; the examples name the packaged binary.
  func checkGenerated(_ scratch: Scratch) async throws {
    let epoch: String
    if let given = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
      epoch = given
    } else {
      let root = DeepcutProcess.packageRoot.path
      epoch = try await Self.run("git", "-C", root, "log", "-1", "--format=%ct").output
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let seconds = try #require(TimeInterval(epoch), "no SOURCE_DATE_EPOCH: \(epoch)")
    let day = Date(timeIntervalSince1970: seconds).formatted(.iso8601.year().month().day())
    let manual = try await Self.run("gzip", "-dc", scratch.unpacked + "/usr/share/man/man1/deepcut.1.gz")
    #expect(manual.output.contains("\n.TH DEEPCUT 1 \(day) "), "\(manual.output.prefix(300))")
    let bash = try String(
      contentsOfFile: scratch.unpacked + "/usr/share/bash-completion/completions/deepcut", encoding: .utf8)
    #expect(bash.contains("complete"), "\(bash.prefix(300))")
    let examples = scratch.doc + "/examples/"
    for name in ["deepcut.service", "crontab.example"] {
      let text = try String(contentsOfFile: examples + name, encoding: .utf8)
      #expect(text.contains("/usr/bin/deepcut nightly") && !text.contains("/usr/local/"), "\(name): \(text)")
    }
  }

  /// What would make two compiles of one tree differ is gone: swiftc's per-compile module hashes are zeros, and the
  /// build ID (the script takes it from the inputs) is there. The read-only relocations are kept while doing so.
  func checkReproducible(_ binary: String, scratch: Scratch) async throws {
    let hashes = scratch.root + "/modhash"
    let copied = try await Self.run("objcopy", "-O", "binary", "--only-section=.swift_modhash", binary, hashes)
    #expect(copied.status == 0, "\(copied.output)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: hashes))
    #expect(!bytes.isEmpty && bytes.allSatisfy { $0 == 0 }, "\(bytes.count) bytes of module hashes, not all zero")
    let notes = try await Self.run("readelf", "--notes", binary)
    #expect(notes.output.contains("Build ID: "), "\(notes.output)")
    let segments = try await Self.run("readelf", "--program-headers", "--wide", binary)
    #expect(segments.output.contains("GNU_RELRO"), "\(segments.output)")
  }

  /// lintian finds no error.
  func checkLintian(_ deb: String) async throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: "/usr/bin/lintian"), "no lintian: apt-get install lintian")
    let lintian = try await Self.run("lintian", deb)
    #expect(lintian.status == 0, "\(lintian.output)")
    #expect(!lintian.output.split(separator: "\n").contains { $0.hasPrefix("E: ") }, "\(lintian.output)")
  }
}
