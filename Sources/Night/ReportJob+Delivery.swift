internal import Basics
internal import Delivery
internal import Foundation
internal import Report

/// The step that delivers: with `--send`, the e-mail goes to the mail server or the mail command, and only an
/// accepted message lets the next step remember its releases as told.
extension ReportJob {
  enum Delivery {
    case notAsked
    case delivered(Courier.Receipt)
    /// Not delivered; `kept` is where the message waits in the state folder.
    case failed(DeliveryError, kept: String?)

    var failed: Bool {
      if case .failed = self { true } else { false }
    }

    /// For the run log: nil when nothing was sent.
    var accepted: Bool? {
      switch self {
      case .notAsked: nil
      case .delivered: true
      case .failed: false
      }
    }
  }

  /// Hands the message over. A message not delivered is kept in the state folder; once one is delivered, the kept
  /// ones go, since nothing they listed was marked as told and tonight's message lists it again.
  mutating func deliver(_ outputs: Outputs) async -> Delivery {
    guard let email = plan.mail?.message, let channel = plan.mail?.channel else { return .notAsked }
    let start = timer.now
    defer { timings.append(ReportModel.Timing(phase: "deliver", seconds: (timer.now - start).inSeconds)) }
    let mail = OutgoingMail(
      message: Data(outputs.report.utf8), sender: OutgoingMail.bareAddress(email.from),
      recipients: email.to.map(OutgoingMail.bareAddress))
    let outbox = Outbox(directory: plan.outbox)
    do {
      let receipt = try await Courier(channel, retryAfter: plan.retryAfter).deliver(mail)
      outbox.empty()
      return .delivered(receipt)
    } catch {
      return .failed(error, kept: try? outbox.keep(mail.message, made: plan.now))
    }
  }

  /// For the run log: what the server said on accepting the message, or why it was not delivered.
  func deliveryReply(_ delivery: Delivery) -> String? {
    switch delivery {
    case .notAsked: nil
    case .delivered(let receipt): receipt.reply
    case .failed(let error, _): error.description
    }
  }

  /// For the run log and standard error: where the message went, or why it did not.
  func deliveryNote(_ delivery: Delivery) -> String? {
    guard let channel = plan.mail?.channel else { return nil }
    switch delivery {
    case .notAsked: return nil
    case .delivered(let receipt):
      return "\(channel.accepted) through \(channel.name)" + (receipt.attempts > 1 ? " at the second attempt" : "")
        + " (\(receipt.reply))"
    case .failed(let error, _):
      return "not delivered through \(channel.name) (\(error.isTemporary ? "for now" : "until fixed")): \(error)"
    }
  }
}

/// Messages that could not be delivered, in the state folder, each readable by its owner alone.
struct Outbox {
  let directory: String

  /// Keeps `message` as `report-<when it was made>.eml`, and returns its path.
  func keep(_ message: Data, made: Date) throws(NightError) -> String {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .output(path: directory, reason: "cannot create the folder for undelivered mail")
    }
    let stamp = ISO8601DateFormatter().string(from: made).replacingOccurrences(of: ":", with: "")
    let path = directory + "/report-\(stamp).eml"
    try ReportJob.write(message, to: path, mode: OwnerOnlyFile.mode)
    return path
  }

  /// Removes every kept message.
  func empty() {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasSuffix(".eml") {
      unlink(directory + "/" + name)
    }
  }
}
