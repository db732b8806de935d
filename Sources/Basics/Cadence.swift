/// A day of the week, numbered as cron and launchd number them: Sunday is 0.
public enum Weekday: Int, CaseIterable, Sendable, Hashable {
  case sunday, monday, tuesday, wednesday, thursday, friday, saturday

  /// "saturday": how `--every` takes it and config.json keeps it.
  public var name: String { String(describing: self) }

  /// "Saturday", in a sentence.
  public var title: String { name.prefix(1).uppercased() + name.dropFirst() }

  /// "Sat": systemd's and cron's three letters.
  public var abbreviation: String { String(title.prefix(3)) }

  /// A weekday by its name or its first three letters, in any case: "saturday", "Sat".
  public init?(name: String) {
    let word = name.lowercased()
    guard word.count >= 3, let day = Self.allCases.first(where: { $0.name.hasPrefix(word) }) else { return nil }
    guard word == day.name || word.count == 3 else { return nil }
    self = day
  }
}

/// How often the news is told: every night, or once a week, on a day, in one digest of the week.
public enum Cadence: Sendable, Hashable {
  case nightly
  case weekly(Weekday)

  /// "night", or a weekday's name or its three letters: "saturday", "sat".
  public init?(_ text: String) {
    if ["night", "nightly", "daily"].contains(text.lowercased()) {
      self = .nightly
    } else if let day = Weekday(name: text) {
      self = .weekly(day)
    } else {
      return nil
    }
  }

  /// Every word `--every` takes in full: "night" and the weekdays.
  public static let words = ["night"] + Weekday.allCases.map(\.name)

  /// As config.json keeps it: "night" or "saturday".
  public var text: String {
    switch self {
    case .nightly: "night"
    case .weekly(let day): day.name
    }
  }

  public var weekday: Weekday? {
    switch self {
    case .nightly: nil
    case .weekly(let day): day
    }
  }

  /// What one run tells: "tonight" or "this week".
  public var period: String { weekday == nil ? "tonight" : "this week" }

  /// "every night", "every Saturday".
  public var every: String { "every \(weekday?.title ?? "night")" }

  /// "each night", "each Saturday".
  public var each: String { "each \(weekday?.title ?? "night")" }

  /// When the job runs, in a sentence: "every night at 06:30", "every Saturday at 06:30".
  public func when(at time: String) -> String {
    "\(every) at \(time)"
  }
}
