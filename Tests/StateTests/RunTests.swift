import Foundation
import Night
import Testing

@testable import State

@Suite("Run log")
struct RunTests {
  @Test("beginRun records a running run; finishRun fills it in")
  func beginAndFinish() async throws {
    let store = try StateStore(inMemory: ())
    let id = try await store.beginRun(at: date(1_000))
    #expect(
      try await store.recentRuns(limit: 10)
        == [
          RunRecord(
            id: id, startedAt: date(1_000), finishedAt: nil, status: .running, artists: 0, requests: 0, cacheHits: 0,
            note: nil)
        ])
    try await store.finishRun(
      id: id, RunEnd(at: date(1_060), status: .ok, artists: 120, requests: 340, cacheHits: 290, note: "3 new releases")
    )
    #expect(
      try await store.recentRuns(limit: 1)
        == [
          RunRecord(
            id: id, startedAt: date(1_000), finishedAt: date(1_060), status: .ok, artists: 120, requests: 340,
            cacheHits: 290, note: "3 new releases")
        ])
  }

  @Test("recentRuns returns newest first and honours the limit")
  func ordering() async throws {
    let store = try StateStore(inMemory: ())
    var ids: [Int64] = []
    for index in 0..<5 {
      ids.append(try await store.beginRun(at: date(Double(index) * 100)))
    }
    #expect(ids == [1, 2, 3, 4, 5])
    #expect(try await store.recentRuns(limit: 3).map(\.id) == [5, 4, 3])
    #expect(try await store.recentRuns(limit: 100).count == 5)
    #expect(try await store.recentRuns(limit: 0).isEmpty)
  }

  @Test("each status is kept as the text older builds wrote and read, and a word no build wrote is refused")
  func statusesAreKeptAsText() async throws {
    try await withTemporaryDirectory { directory in
      let store = try StateStore(directory: directory)
      for status in RunStatus.allCases where status != .running {
        let id = try await store.beginRun(at: date(1))
        try await store.finishRun(id: id, RunEnd(at: date(2), status: status), ifOpen: false)
      }
      _ = try await store.beginRun(at: date(3))
      let path = databasePath(in: directory)
      let texts = try Database(path: path).query("SELECT status FROM run ORDER BY id") { $0.string(at: 0) ?? "" }
      #expect(texts == ["ok", "partial", "undelivered", "failed", "interrupted", "running"])
      #expect(
        try await store.recentRuns(limit: 10).map(\.status) == [
          .running, .interrupted, .failed, .undelivered, .partial, .ok,
        ])
      try Database(path: path).run("UPDATE run SET status = 'exploded' WHERE id = 1")
      await #expect(
        throws: StateError.unexpectedValue(path: path, detail: "unknown run status 'exploded' of run 1")
      ) { try await store.recentRuns(limit: 10) }
    }
  }

  @Test("finishRun with an unknown id is an error")
  func unknownRun() async throws {
    let store = try StateStore(inMemory: ())
    await #expect(throws: StateError.unknownRun(path: ":memory:", id: 42)) {
      try await store.finishRun(
        id: 42, RunEnd(at: date(1), status: .ok, artists: 0, requests: 0, cacheHits: 0, note: nil))
    }
  }
}
