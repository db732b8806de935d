public import Basics

/// What one push says: a title, the releases most played first (those held over from a night the channel was down
/// before tonight's), and where the whole report is. A channel shows as many of them as its limits let it, and
/// says how many more there are; what a push is about when it is not releases (trouble) is its `notice`.
public struct PushDigest: Sendable, Equatable {
  public var items: [PushItem]
  /// The whole report's address (`--full-report-url`): what a tap opens, and where "and 12 more" are.
  public var fullReport: String?
  /// A message that is not about releases: what went wrong and what to do.
  public var notice: Notice?

  public struct Notice: Sendable, Equatable {
    public var title: String
    public var message: String
    /// Trouble, which a service that has kinds of message shows as a warning; setup's test message is not.
    public var isWarning: Bool

    public init(title: String, message: String, isWarning: Bool = true) {
      self.title = title
      self.message = message
      self.isWarning = isWarning
    }
  }

  /// How many releases tonight's report lists under Also out (live albums, remixes, best-ofs, reissues): counted
  /// after the items, never listed.
  public var alsoOut = 0
  /// Once a week, the push is the week's digest, and says "this week".
  public var cadence = Cadence.nightly

  public init(
    items: [PushItem], fullReport: String? = nil, notice: Notice? = nil, alsoOut: Int = 0,
    cadence: Cadence = .nightly
  ) {
    self.items = items
    self.fullReport = fullReport
    self.notice = notice
    self.alsoOut = alsoOut
    self.cadence = cadence
  }

  /// The most lines a push shows, however much its service would take: a digest read on a phone, not the e-mail.
  public static let mostLines = 30

  /// How many items a channel may show at most: all of them, up to ``mostLines``.
  public var showable: Int { min(items.count, Self.mostLines) }

  /// "5 new releases from artists you own" ("… this week …" once a week), counting every item, shown or not.
  public var title: String {
    if let notice { return notice.title }
    let announced = items.count { $0.upcoming != nil }
    let out = items.count - announced
    let parts = [
      out > 0 ? "\(out) new release" + (out == 1 ? "" : "s") : nil,
      announced > 0 ? "\(announced) announced" : nil,
    ].compactMap { $0 }
    let week = cadence.weekday == nil ? "" : " this week"
    return parts.isEmpty
      ? "No new releases \(cadence.period)" : parts.joined(separator: " and ") + week + " from artists you own"
  }

  /// What a tap on the whole message opens: the whole report, else the first release's link.
  public var clickURL: String? { fullReport ?? items.first?.url }

  /// One line for an item, in Markdown ("- **Artist** — [Title](url) · album", an item of a list: lines of a
  /// paragraph would run together) or plain text.
  public static func line(_ item: PushItem, markdown: Bool) -> String {
    guard markdown else {
      return "\(item.heading) (\(item.detail))" + (item.url.map { " \($0)" } ?? "")
    }
    let title = item.url.map { "[\(Markdown.escaped(item.title))](\($0))" } ?? Markdown.escaped(item.title)
    return "- **\(Markdown.escaped(item.artist))** — \(title) · \(item.detail)"
  }

  /// The line after the shown ones, when some are not, or the report lists more under Also out: where they are.
  public func moreLine(shown: Int, markdown: Bool) -> String? {
    let rest = items.count - shown
    let place = fullReport.map { markdown ? " [in the full report](\($0))" : " in the full report: \($0)" } ?? ""
    let parts = [
      rest > 0 ? "and \(rest) more\(place); they come in the next push" : nil,
      alsoOut > 0 ? "and \(alsoOut) more also out (live, remixes, best-ofs, reissues)\(rest > 0 ? "" : place)" : nil,
    ].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }

  /// The message's text with the first `shown` items, one line each, and the line about the rest.
  public func text(shown: Int, markdown: Bool) -> String {
    if let notice { return notice.message }
    if items.isEmpty { return "Nothing new from the artists you own \(cadence.period)." }
    let lines = items.prefix(shown).map { Self.line($0, markdown: markdown) }.joined(separator: "\n")
    guard let more = moreLine(shown: shown, markdown: markdown) else { return lines }
    // In Markdown a line after a list would continue its last item.
    return lines + (markdown ? "\n\n" : "\n") + more
  }
}
