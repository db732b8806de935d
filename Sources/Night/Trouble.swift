internal import Basics
internal import Catalog
public import Delivery
public import Foundation
internal import Identity

/// A night gone wrong, as a push tells it: what failed and what to do. The e-mail cannot tell that its own night
/// failed, and a journal is read by nobody, so trouble goes through every channel that works, once a day.
public struct Trouble: Sendable, Equatable {
  /// What failed: the key of "once a day".
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    case library
    case catalogs
    case state
    case email = "e-mail"
    case staleLibrary = "stale library"
  }

  public var kind: Kind
  public var title: String
  public var message: String

  public init(kind: Kind, title: String, message: String) {
    self.kind = kind
    self.title = title
    self.message = message
  }

  /// The trouble a night's error is worth telling; nil for one a person at the terminal sees, or a signal.
  public static func of(_ error: NightError) -> Trouble? {
    switch error {
    case .library(let error):
      Trouble(
        kind: .library, title: "deepcut: the library could not be read",
        message: "\(error). Tonight told nothing: export the library again (Music: File › Library › Export "
          + "Library…) or turn on sharing its XML, and the next night tells it all.")
    case .catalog(let error) where error.isConnectivity:
      Trouble(
        kind: .catalogs, title: "deepcut: no catalog answered tonight",
        message: "\(error). Tonight told nothing and lost nothing: the next night asks again. If it lasts, check "
          + "the network of the machine deepcut runs on.")
    case .state(let message):
      state(message)
    default:
      nil
    }
  }

  /// The state could not be opened or written (locked by another program, the disk full, the file damaged).
  public static func state(_ message: String) -> Trouble {
    Trouble(
      kind: .state, title: "deepcut: its state could not be written",
      message: "\(message). Tonight told nothing and marked nothing as told; free some disk space or fix what the "
        + "message names, and the next night tells it all.")
  }

  /// The e-mail refused on a second night running.
  public static func undelivered(_ error: DeliveryError) -> Trouble {
    Trouble(
      kind: .email, title: "deepcut: the e-mail was not delivered two nights running",
      message: "\(error). Nothing it listed is marked as told, so the next delivered e-mail carries it all; check "
        + "the mail settings with 'deepcut config --check', or run 'deepcut setup' again.")
  }

  /// A library older than the setting: what the report says of it, and how to keep it fresh.
  public static func stale(line: String, advice: String?) -> Trouble {
    Trouble(
      kind: .staleLibrary, title: "deepcut: the library is out of date",
      message: ([line] + [advice].compactMap { $0 }).joined(separator: " "))
  }

  /// As a push: a notice, with no releases.
  public var digest: PushDigest {
    PushDigest(items: [], notice: PushDigest.Notice(title: title, message: String(message.prefix(1_000))))
  }
}

/// Telling trouble once a day on each channel: what each channel took today is kept in a small file in the state
/// folder (the state itself may be what failed), a line a kind and channel, so a second run the same day tells it
/// only to a channel that did not take it yet.
public enum TroubleTelling {
  /// Pushes `trouble` through every channel that did not take it today; the names of the channels that took it.
  public static func tell(
    _ trouble: Trouble, through channels: [any PushChannel], folder: String?, now: Date, retryAfter: Duration
  ) async -> [String] {
    let path = (folder ?? NSTemporaryDirectory()) + "/trouble-told"
    let today = CalendarDay.today(at: now).description
    let told = toldToday(path, today: today)
    var took: [any PushChannel] = []
    for channel in channels where !told.contains(where: { $0.covers(trouble.kind, channel.id) }) {
      if (try? await Courier.push(trouble.digest, through: channel, retryAfter: retryAfter)) != nil {
        took.append(channel)
      }
    }
    guard !took.isEmpty else { return [] }
    let lines = (told + took.map { Told(kind: trouble.kind, channel: $0.id) }).map { "\(today)\t\($0.line)\n" }
    // Best effort: a disk too full to keep this says the trouble again on the next run, which is the lesser harm.
    try? AtomicFile.write(Data(lines.joined().utf8), to: path, mode: OwnerOnlyFile.mode, what: "the trouble told today")
    return took.map(\.name)
  }

  /// A kind of trouble a channel took today: `KIND<tab>CHANNEL` after the day.
  struct Told: Equatable {
    var kind: Trouble.Kind
    /// Nil on a line written before lines named their channel, when what one channel took counted for all.
    var channel: PushChannelID?

    func covers(_ kind: Trouble.Kind, _ channel: PushChannelID) -> Bool {
      self.kind == kind && (self.channel == nil || self.channel == channel)
    }

    var line: String { kind.rawValue + (channel.map { "\t\($0.rawValue)" } ?? "") }
  }

  /// What was told on `today`, as the file says it; a line it cannot read is forgotten, which tells again.
  static func toldToday(_ path: String, today: String) -> [Told] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard (2...3).contains(parts.count), parts[0] == today, let kind = Trouble.Kind(rawValue: parts[1]) else {
        return nil
      }
      guard parts.count == 3 else { return Told(kind: kind, channel: nil) }
      return PushChannelID(rawValue: parts[2]).map { Told(kind: kind, channel: $0) }
    }
  }
}
