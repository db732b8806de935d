import Foundation
import Testing

/// deepcut builds on Linux and macOS by construction: what differs between Glibc and Darwin is written once, in
/// Sources/Basics/Platform.swift, and nothing else in Sources imports either or names what only Linux has.
struct PortabilityTests {
  static let platformFile = "Sources/Basics/Platform.swift"

  /// What only Linux has, or the spelling of one system. Word boundaries are the simple kind: the Unicode kind finds
  /// none inside `SOCK_CLOEXEC.rawValue`.
  static let forbidden = [
    #"\bimport\s+(Glibc|Darwin|Musl)\b"#, #"\bcanImport\((Glibc|Darwin)\)"#, #"\bos\((Linux|macOS)\)"#,
    #"\b(Glibc|Darwin)\.[a-z_]"#, #"/proc\b"#, #"\bpipe2\b"#, #"\baccept4\b"#, #"\bSOCK_CLOEXEC\b"#,
  ]

  /// Names the Darwin side of the platform file must not use.
  static let linuxOnly = [#"/proc\b"#, #"\bpipe2\b"#, #"\baccept4\b"#, #"\bSOCK_CLOEXEC\b"#, #"\.rawValue\b"#]

  @Test func nothingOutsideThePlatformFileImportsGlibcOrDarwinOrNamesWhatOnlyLinuxHas() throws {
    let patterns = try Self.forbidden.map { try Regex($0).wordBoundaryKind(.simple) }
    var found: [String] = []
    let files = try Self.sourceFiles()
    for file in files where file != Self.platformFile {
      for (number, line) in try Self.lines(of: file).enumerated() where patterns.contains(where: line.contains) {
        found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(files.contains(Self.platformFile))
    #expect(files.count > 100, "the scan found only \(files.count) files; is it looking in the right folder?")
    #expect(found.isEmpty, "move these into \(Self.platformFile):\n\(found.joined(separator: "\n"))")
  }

  @Test func thePlatformFileHasADarwinSideFreeOfLinuxOnlyNames() throws {
    let patterns = try Self.linuxOnly.map { try Regex($0).wordBoundaryKind(.simple) }
    var branches: [String] = []
    var darwinLines = 0
    var found: [String] = []
    for (number, line) in try Self.lines(of: Self.platformFile).enumerated() {
      let code = line.trimmingCharacters(in: .whitespaces)
      if code.hasPrefix("#if ") {
        branches.append(String(code.dropFirst(4)))
      } else if code.hasPrefix("#elseif ") {
        branches[branches.count - 1] = String(code.dropFirst(8))
      } else if code.hasPrefix("#else") {
        branches[branches.count - 1] = "else"
      } else if code.hasPrefix("#endif") {
        branches.removeLast()
      } else if branches.contains("canImport(Darwin)"), !code.hasPrefix("//") {
        darwinLines += 1
        if patterns.contains(where: code.contains) { found.append("\(number + 1): \(code)") }
      }
    }
    #expect(branches.isEmpty, "unbalanced #if in \(Self.platformFile)")
    #expect(darwinLines > 10, "the Darwin side has only \(darwinLines) lines of code")
    #expect(found.isEmpty, "Linux-only names on the Darwin side:\n\(found.joined(separator: "\n"))")
  }

  @Test func theScanCatchesWhatItLooksFor() throws {
    let patterns = try Self.forbidden.map { try Regex($0).wordBoundaryKind(.simple) }
    let offenders = [
      "internal import Glibc", "#if canImport(Darwin)", "  Glibc.write(fd, p, n)", "#if os(Linux)",
      "String(contentsOfFile: \"/proc/self/status\")", "pipe2(&fds, O_CLOEXEC)", "accept4(s, nil, nil, 0)",
      "Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)",
    ]
    let innocent = ["internal import Foundation", "let glibcVersion = 2", "func accept(_ candidate: String)"]
    #expect(offenders.allSatisfy { line in patterns.contains(where: line.contains) })
    #expect(!innocent.contains { line in patterns.contains(where: line.contains) })
  }

  /// Every Swift, C header and module map under Sources, as paths from the package root.
  static func sourceFiles() throws -> [String] {
    let sources = packageRoot.appendingPathComponent("Sources").path
    let names = try FileManager.default.subpathsOfDirectory(atPath: sources)
    return names.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".h") || $0.hasSuffix(".modulemap") }
      .map { "Sources/" + $0 }.sorted()
  }

  static func lines(of file: String) throws -> [Substring] {
    let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  static var packageRoot: URL {
    // This file is Tests/BasicsTests/PortabilityTests.swift.
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }
}
