import Foundation
import State
import Testing

/// One run at a time in a state folder: the second is refused naming the folder and the lock, and `status` can see
/// who holds it without taking it.
struct RunLockTests {
  static func folder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)").path
  }

  @Test func aSecondRunIsRefusedWhileTheFirstHoldsTheLockAndTakesItAfter() throws {
    let directory = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var first: RunLock? = try RunLock(directory: directory, wait: false)
    #expect(RunLock.holder(directory: directory) == ProcessInfo.processInfo.processIdentifier)
    #expect(throws: StateError.heldByAnotherRun(directory: directory, lock: directory + "/deepcut.lock")) {
      _ = try RunLock(directory: directory, wait: false)
    }
    withExtendedLifetime(first) {}
    first = nil
    #expect(RunLock.holder(directory: directory) == nil)
    _ = try RunLock(directory: directory, wait: false)
  }

  @Test func aFolderThatCannotBeMadeIsSaidSo() throws {
    let file = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: file) }
    try Data().write(to: URL(fileURLWithPath: file))
    let error = #expect(throws: StateError.self) { _ = try RunLock(directory: file + "/state", wait: false) }
    #expect(error?.description.hasPrefix("\(file)/state: cannot create the state folder") == true)
  }
}
