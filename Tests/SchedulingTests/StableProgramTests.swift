import Foundation
import TestSupport
import Testing

@testable import Scheduling

struct StableProgramTests {
  @Test(arguments: ["/usr/bin/deepcut", "/usr/local/bin/deepcut", "/opt/homebrew/bin/deepcut"])
  func aPackagedProgramIsRunWhereItIs(_ path: String) throws {
    let sandbox = try SetupSandbox(tools: [])
    defer { sandbox.remove() }
    let stable = try stableProgram(current: path, environment: sandbox.environment)
    #expect(stable.path == path)
    #expect(stable.said.contains(path))
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.local/bin"))
  }

  @Test func anyOtherIsCopiedToTheUsersBinFolderOnceExecutable() throws {
    let sandbox = try SetupSandbox(tools: [])
    defer { sandbox.remove() }
    let built = sandbox.root + "/build/deepcut"
    try FileManager.default.createDirectory(atPath: sandbox.root + "/build", withIntermediateDirectories: true)
    try SetupSandbox.write("#!/bin/sh\necho built\n", to: built, mode: 0o700)
    let target = sandbox.home + "/.local/bin/deepcut"
    let stable = try stableProgram(current: built, environment: sandbox.environment)
    #expect(
      stable == (
        target, "copied \(built) to \(target), which the schedule runs; run setup again after updating deepcut"
      ))
    #expect(FileManager.default.contents(atPath: target) == FileManager.default.contents(atPath: built))
    let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
    #expect(mode == 0o755)
    // Run again, the copy is left as it is; from the copy itself, it is the copy.
    let long = Date(timeIntervalSince1970: 1_600_000_000)
    try FileManager.default.setAttributes([.modificationDate: long], ofItemAtPath: target)
    #expect(try stableProgram(current: built, environment: sandbox.environment).path == target)
    #expect(SetupFiles.modified(target) == long)
    #expect(try stableProgram(current: target, environment: sandbox.environment).path == target)
    // A new build replaces it.
    try SetupSandbox.write("#!/bin/sh\necho rebuilt\n", to: built + ".new", mode: 0o700)
    try FileManager.default.removeItem(atPath: built)
    try FileManager.default.moveItem(atPath: built + ".new", toPath: built)
    _ = try stableProgram(current: built, environment: sandbox.environment)
    #expect(FileManager.default.contents(atPath: target) == Data("#!/bin/sh\necho rebuilt\n".utf8))
  }

  @Test func aProgramThatCannotBeReadIsAnError() throws {
    let sandbox = try SetupSandbox(tools: [])
    defer { sandbox.remove() }
    #expect(throws: SchedulingError.self) {
      try stableProgram(current: sandbox.root + "/nothing/deepcut", environment: sandbox.environment)
    }
  }
}
