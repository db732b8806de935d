import Basics
import Foundation
import Testing

/// `sideBySide` gives every child's value in the elements' order, and stays right where the tuple shape it replaced
/// goes wrong: optimized builds lose a tuple element written before a suspension (swiftlang/swift#91911).
struct SideBySideTests {
  @Test func everyValueComesBackOnceInTheElementsOrder() async {
    let values = await sideBySide(Array(0..<200)) { number -> String in
      // The later elements finish first.
      for _ in 0..<(200 - number) % 7 { await Task.yield() }
      return "value \(number)"
    }
    #expect(values == (0..<200).map { "value \($0)" })
  }

  @Test func noElementsGiveNoValues() async {
    let values = await sideBySide([Int]()) { $0 }
    #expect(values.isEmpty)
  }

  /// The catalog passes' old shape, compiled with `-O`, still reads a stale index on this toolchain, and the same
  /// work through `sideBySide`, compiled the same way, does not. When the first expectation fails, the toolchain
  /// no longer has the bug: `sideBySide` may stay, but its comment and this test should say so.
  @Test(.timeLimit(.minutes(5)))
  func theOldShapeGoesWrongOptimizedAndSideBySideDoesNot() async throws {
    let folder = NSTemporaryDirectory() + "deepcut-side-by-side-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let helper = PortabilityTests.packageRoot.appendingPathComponent("Sources/Basics/SideBySide.swift").path

    let unoptimized = try await Self.compileAndRun(Canary.common + Canary.oldShape, optimized: false, in: folder)
    #expect(unoptimized == "0 wrong", "the old shape unoptimized is the control: it must be right")
    let old = try await Self.compileAndRun(Canary.common + Canary.oldShape, optimized: true, in: folder)
    // Swift 6.3, which builds the package, has the bug; another toolchain may or may not.
    let version = try await Self.run("/usr/bin/env", ["swiftc", "--version"]).output
    if version.contains("Swift version 6.3") {
      #expect(
        old != "0 wrong",
        "swiftc -O compiles the old shape right now (swiftlang/swift#91911 fixed?): update SideBySide.swift's comment")
    }
    let fixed = try await Self.compileAndRun(
      Canary.common + Canary.sideBySideShape, optimized: true, in: folder, with: [helper])
    #expect(fixed == "0 wrong")
  }

  /// What the program prints (its last line), or how it ended when it did not end well: a trap is a failure too.
  static func compileAndRun(
    _ program: String, optimized: Bool, in folder: String, with files: [String] = []
  ) async throws -> String {
    let name = optimized ? "optimized" : "unoptimized"
    let main = folder + "/main.swift"
    try program.write(toFile: main, atomically: true, encoding: .utf8)
    let flags = [optimized ? "-O" : "-Onone", "-swift-version", "6", "-module-name", "Canary"]
    let compiled = try await run("/usr/bin/env", ["swiftc"] + flags + ["-o", folder + "/" + name, main] + files)
    try #require(compiled.status == 0, "swiftc failed:\n\(compiled.output)")
    let ran = try await run(folder + "/" + name, [])
    guard ran.status == 0 else { return "ended with status \(ran.status): \(ran.output)" }
    return ran.output.split(separator: "\n").last.map(String.init) ?? ""
  }

  static func run(_ program: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
    let process = try SpawnedProcess(
      program, arguments, environment: ProcessInfo.processInfo.environment,
      directory: FileManager.default.currentDirectoryPath, mergingErrors: true, outputFile: nil)
    try? process.input.close()
    // Read while it runs (a compiler's complaint can be longer than a pipe holds), on a thread of its own: a
    // blocking read on the shared pool would hold up every other test's tasks for as long as swiftc takes.
    let output = await withCheckedContinuation { continuation in
      let handle = process.output
      let started = Platform.startThread(named: "deepcut-test") {
        continuation.resume(returning: handle?.readDataToEndOfFile() ?? Data())
      }
      if !started { continuation.resume(returning: Data("no thread to read the output".utf8)) }
    }
    let ended = await process.waitUntilExit(within: .seconds(600))
    #expect(ended, "\(program) did not end within 10 minutes; killed")
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  /// The programs: an answer big enough to be moved as a block, thrown as a typed error, asked side by side.
  enum Canary {
    static let common = """
      enum Refusal: Error { case refused(String), gone(Int) }
      struct Answer: Sendable { var text: String; var number = 0, b = 0, c = 0, d = 0 }

      @inline(never) func ask(_ number: Int) async throws(Refusal) -> Answer {
        if number < 0 { throw .refused("below zero") }
        await Task.yield()
        return Answer(text: "answer \\(number)", number: number)
      }

      func wrong(_ results: [(Int, Result<Answer, Refusal>)]) -> Int {
        results.filter { index, result in (try? result.get().number) != index }.count + abs(results.count - 64)
      }

      """

    /// Each child returns its index and its result as one tuple, the result awaited inside it.
    static let oldShape = """
      let results = await withTaskGroup(of: (Int, Result<Answer, Refusal>).self) { group in
        for number in 0..<64 {
          group.addTask {
            do throws(Refusal) {
              return (number, .success(try await ask(number)))
            } catch {
              return (number, .failure(error))
            }
          }
        }
        var results: [(Int, Result<Answer, Refusal>)] = []
        for await result in group { results.append(result) }
        return results
      }
      print("\\(wrong(results)) wrong")

      """

    static let sideBySideShape = """
      let answers = await sideBySide(Array(0..<64)) { number -> Result<Answer, Refusal> in
        do throws(Refusal) {
          return .success(try await ask(number))
        } catch {
          return .failure(error)
        }
      }
      print("\\(wrong(Array(answers.enumerated()).map { ($0.offset, $0.element) })) wrong")

      """
  }
}
