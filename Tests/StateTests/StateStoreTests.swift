import Catalog
import Foundation
import Identity
import Testing

@testable import State

@Suite("State store")
struct StateStoreTests {
  @Test("init(directory:) creates missing directories with mode 0700 and the database file")
  func createsDirectory() async throws {
    try await withTemporaryDirectory { root in
      let directory = (root as NSString).appendingPathComponent("a/b/deepcut")
      let store = try StateStore(directory: directory)
      #expect(store.databasePath == databasePath(in: directory))
      #expect(FileManager.default.fileExists(atPath: store.databasePath))
      let attributes = try FileManager.default.attributesOfItem(atPath: directory)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
      _ = try await store.beginRun(at: date(1))
      #expect(try rowCount("run", path: store.databasePath) == 1)
    }
  }

  @Test("data survives closing and reopening the store")
  func persistence() async throws {
    try await withTemporaryDirectory { directory in
      do {
        let store = try StateStore(directory: directory)
        try await store.save([resolution("a")])
        try await store.store(
          provider: "p", kind: "albums", responses: [(key: "k", body: Data("b".utf8))], fetchedAt: date(5))
      }
      let reopened = try StateStore(directory: directory)
      #expect(try await reopened.resolutions(provider: "spotify") == [ArtistKey(rawValue: "a"): resolution("a")])
      #expect(
        try await reopened.cachedResponses(provider: "p", kind: "albums", keys: ["k"])["k"]?.body == Data("b".utf8))
    }
  }

  @Test("an uncreatable directory is a clear error")
  func uncreatableDirectory() async throws {
    try await withTemporaryDirectory { root in
      let file = (root as NSString).appendingPathComponent("file")
      try Data("x".utf8).write(to: URL(fileURLWithPath: file))
      let directory = (file as NSString).appendingPathComponent("deepcut")
      let error = #expect(throws: StateError.self) { _ = try StateStore(directory: directory) }
      guard case .cannotCreateDirectory(let path, _) = error else {
        Issue.record("expected cannotCreateDirectory, got \(String(describing: error))")
        return
      }
      #expect(path == directory)
      #expect(error?.description.hasPrefix("cannot create the state directory \(directory): ") == true)
    }
  }

  @Test("defaultDirectory prefers an absolute XDG_STATE_HOME, else HOME/.local/state")
  func defaultDirectory() {
    #expect(
      StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]) == "/x/state/deepcut")
    #expect(StateStore.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.local/state/deepcut")
    #expect(
      StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "", "HOME": "/home/u"])
        == "/home/u/.local/state/deepcut")
    #expect(
      StateStore.defaultDirectory(environment: ["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"])
        == "/home/u/.local/state/deepcut")
  }

  @Test("concurrent callers from a task group all land")
  func concurrentAccess() async throws {
    try await withTemporaryDirectory { directory in
      let store = try StateStore(directory: directory)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for task in 0..<16 {
          group.addTask {
            let responses = (0..<25).map { (key: "t\(task)-\($0)", body: Data(repeating: UInt8(task), count: 64)) }
            try await store.store(provider: "p", kind: "albums", responses: responses, fetchedAt: date(Double(task)))
            try await store.save([resolution("artist \(task)")])
            _ = try await store.cachedResponses(provider: "p", kind: "albums", keys: responses.map(\.key))
          }
        }
        try await group.waitForAll()
      }
      let stats = try await store.cacheStats()
      #expect(stats.entries == 400)
      #expect(stats.bytes == 400 * 64)
      #expect(try await store.resolutions(provider: "spotify").count == 16)
    }
  }
}
