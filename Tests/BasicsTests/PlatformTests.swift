import Basics
import Foundation
import Synchronization
import Testing

/// The platform file's promises, each checked on the system the tests run on.
struct PlatformTests {
  @Test func writeWritesAllOfABufferLargerThanThePipeHolds() async throws {
    let (reading, writing) = try Platform.closeOnExecPair()
    let data = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let received = Handoff<Data>()
    let reader = FileHandle(fileDescriptor: reading, closeOnDealloc: true)
    Thread {
      received.set(reader.readDataToEndOfFile())
    }.start()
    try Platform.write(data, to: writing)
    Platform.close(writing)
    #expect(await received.value() == data)
  }

  @Test func aWriteToAClosedPipeFailsWithEPIPEInsteadOfEndingTheProcess() throws {
    Platform.ignore(signal: SIGPIPE)
    let (reading, writing) = try Platform.closeOnExecPair()
    defer { Platform.close(writing) }
    Platform.close(reading)
    #expect(throws: SystemError.brokenPipe) { try Platform.write(Data("gone".utf8), to: writing) }
    #expect(throws: SystemError(code: EBADF)) { try Platform.write(Data("x".utf8), to: -1) }
    #expect(SystemError.brokenPipe.description == String(cString: strerror(EPIPE)))
  }

  @Test func peakResidentMemoryIsCountedInBytes() throws {
    // Every byte written, so all of it resident: the peak is now at least this much, which a count in kilobytes
    // would not reach.
    let size = 64 << 20
    let touched = [UInt8](repeating: 1, count: size)
    let peak = try #require(Platform.peakResidentBytes)
    #expect(peak >= size)
    #expect(peak < 64 << 30)
    #expect(touched.count == size)
  }

  @Test func processorTimeAdvancesWithWork() {
    let before = Platform.processorTime
    var sum = 0
    let clock = ContinuousClock()
    let start = clock.now
    while Platform.processorTime.user == before.user, clock.now - start < .seconds(10) {
      for number in 0..<100_000 { sum &+= number &* number }
    }
    let after = Platform.processorTime
    #expect(sum != 1)
    #expect(after.user > before.user)
    #expect(after.system >= before.system)
  }

  @Test func theExecutablePathIsAProgramFileWithNoLinkLeft() throws {
    let path = try #require(Platform.executablePath)
    #expect(path.hasPrefix("/"))
    #expect(FileManager.default.isExecutableFile(atPath: path))
    #expect(resolved(path) == path)
  }

  @Test func eachThreadHasAnIdentityOfItsOwn() async {
    let here = Platform.currentThreadID
    #expect(Platform.currentThreadID == here)
    let there = Handoff<UInt>()
    Thread {
      there.set(Platform.currentThreadID)
    }.start()
    #expect(await there.value() != here)
  }

  @Test func openForReadingSaysWhatAFileIs() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/library.xml"
    try Data(repeating: 7, count: 1234).write(to: URL(fileURLWithPath: file))

    let regular = try Platform.openForReading(file)
    defer { Platform.close(regular.descriptor) }
    #expect(!regular.isDirectory && regular.regularFileSize == 1234)
    let directory = try Platform.openForReading(folder)
    defer { Platform.close(directory.descriptor) }
    #expect(directory.isDirectory && directory.regularFileSize == nil)
    let device = try Platform.openForReading("/dev/null")
    defer { Platform.close(device.descriptor) }
    #expect(!device.isDirectory && device.regularFileSize == nil)
    #expect(throws: SystemError.noSuchFile) { try Platform.openForReading(folder + "/missing.xml") }
  }

  @Test func syncFlushesAFileAndRefusesWhatIsNoFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/report.md"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("report".utf8)))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    defer { try? handle.close() }
    try Platform.sync(handle.fileDescriptor)
    #expect(throws: SystemError(code: EBADF)) { try Platform.sync(-1) }
  }
}

/// A value handed from a thread of its own to the test, which waits for it without holding a thread.
final class Handoff<Value: Sendable>: Sendable {
  private let stored = Mutex<Value?>(nil)
  private let gate = Gate()

  func set(_ value: Value) {
    stored.withLock { $0 = value }
    gate.open()
  }

  func value() async -> Value? {
    await gate.wait()
    return stored.withLock { $0 }
  }
}

/// A new folder of its own, its path resolved (on macOS the temporary folder is behind a link).
func temporaryFolder() throws -> String {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-platform-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return resolved(folder.path)
}

/// `path` with its links resolved by realpath(3): Foundation's resolvingSymlinksInPath drops a leading /private on
/// macOS, which is where the temporary folder really is.
func resolved(_ path: String) -> String {
  guard let real = realpath(path, nil) else { return path }
  defer { free(real) }
  return String(cString: real)
}
