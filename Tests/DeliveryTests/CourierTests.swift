import Delivery
import Foundation
import Synchronization
import Testing

/// The retry and what an acceptance is, written once above every channel: a channel of the test's own, which fails
/// as it is told to, gets them as SMTP and sendmail do.
@Suite struct CourierTests {
  static let mail = OutgoingMail(message: Data("Subject: x\r\n\r\ny\r\n".utf8), sender: "a@b.c", recipients: ["d@e.f"])

  /// Answers each attempt with the next of `answers`: a reply, or a failure.
  final class ScriptedChannel: DeliveryChannel {
    let name = "scripted"
    let accepted = "handed over"
    private let answers: Mutex<[Result<String, DeliveryError>]>

    init(_ answers: [Result<String, DeliveryError>]) { self.answers = Mutex(answers) }

    var attemptsLeft: Int { answers.withLock(\.count) }

    func attempt(_ mail: OutgoingMail) async throws(DeliveryError) -> String {
      let next = answers.withLock { $0.isEmpty ? .failure(.permanent("asked once too often")) : $0.removeFirst() }
      return try next.get()
    }
  }

  @Test func aFailureForNowIsTriedOnceMoreAfterTheWait() async throws {
    let channel = ScriptedChannel([.failure(.temporary("busy")), .success("taken")])
    let waits = NotedWaits()
    let receipt = try await Courier(channel, retryAfter: .seconds(30)) { waits.note($0) }.deliver(Self.mail)
    #expect(receipt == Courier.Receipt(attempts: 2, reply: "taken"))
    #expect(waits.all == [.seconds(30)])
  }

  @Test func aFailureForGoodIsNotTriedAgain() async {
    let channel = ScriptedChannel([.failure(.permanent("no such user")), .success("taken")])
    let error = await #expect(throws: DeliveryError.self) {
      try await Courier(channel) { _ in }.deliver(Self.mail)
    }
    #expect(error == .permanent("no such user"))
    #expect(channel.attemptsLeft == 1)
  }

  @Test func aStopDuringTheWaitEndsItWithTheFirstFailure() async {
    let channel = ScriptedChannel([.failure(.temporary("busy")), .success("taken")])
    let error = await #expect(throws: DeliveryError.self) {
      try await Courier(channel) { _ in throw CancellationError() }.deliver(Self.mail)
    }
    #expect(error == .temporary("busy"))
    #expect(channel.attemptsLeft == 1)
  }

  @Test func twoFailuresForNowGiveTheSecond() async {
    let channel = ScriptedChannel([.failure(.temporary("busy")), .failure(.temporary("still busy"))])
    let error = await #expect(throws: DeliveryError.self) {
      try await Courier(channel) { _ in }.deliver(Self.mail)
    }
    #expect(error == .temporary("still busy"))
  }
}
