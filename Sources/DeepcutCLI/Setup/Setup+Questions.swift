internal import Basics
internal import Catalog
internal import Delivery
internal import Foundation
internal import MusicLibrary
internal import Options
internal import Scheduling
internal import SettingsKit

/// The questions, each answered by its flag, else typed (or its default taken), and checked as the setting's flag is.
extension Setup {
  /// The answer for the setting `path`: its flag's value, else the answer to `question` with `default` shown.
  func answer<Value>(
    _ path: KeyPath<SettingsTable, Setting<Value>>, _ question: String, default shown: String?,
    check: (Value) throws(CLIError) -> Void = { _ in }
  ) throws(CLIError) -> Value {
    if settings.onCommandLine(path), !retrying {
      let value = try settings[path]
      try check(value)
      return value
    }
    let setting = SettingsTable.standard[keyPath: path]
    let flag = "--" + (setting.flag ?? setting.name) + (setting.placeholder.map { " " + $0 } ?? "")
    return try prompter.ask(question, default: shown, flag: flag) { (typed) throws(CLIError) -> Value in
      let value = try settings.reading(path, asGiven: typed)
      try check(value)
      return value
    }
  }

  /// Puts `value` in the draft under the setting's key, written as config.json writes it: a key the file lacks is
  /// left out while the value is the setting's default anyway, and with `--yes` an existing file changes only in the
  /// keys the flags give (and those a night cannot go without, `needed`).
  mutating func set<Value>(
    _ path: KeyPath<SettingsTable, Setting<Value>>, to value: Value, needed: Bool
  ) throws(CLIError) {
    let setting = SettingsTable.standard[keyPath: path]
    guard let key = setting.key else { return }
    if !prompter.asks, configExisted, !settings.onCommandLine(path), !needed { return }
    let text = setting.kind.json(value)
    if draft.value(at: key) == nil, text == setting.kind.json(setting.fallback.value(settings.defaults)) { return }
    guard let data = text.data(using: .utf8),
      let parsed = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
    else { return }
    try Self.editing { () throws(SettingsError) in try draft.set(key, to: ConfigJSON(parsed)) }
  }

  /// The value the draft gives now — the file's, or an earlier answer — as the command line would write it; nil when
  /// it gives none.
  func current<Value>(_ path: KeyPath<SettingsTable, Setting<Value>>) -> String? {
    let setting = SettingsTable.standard[keyPath: path]
    guard let key = setting.key, let json = draft.value(at: key) else { return nil }
    let site = SettingSite(name: setting.name, key: key, context: settings.sources.context)
    return (try? setting.kind.read(json, site)).flatMap(setting.kind.text)
  }

  // MARK: - The library

  /// The library, and whether to go on with it: false when its export is stale and the person chose to export it
  /// again first.
  mutating func chooseLibrary() throws(CLIError) -> Bool {
    let found = LibraryLocations.found(home: SetupFiles.home(environment: settings.environment))
    var scanned: LibraryScan?
    let path = try answer(\.library.path, "Your Library.xml", default: current(\.library.path) ?? found.first) {
      (path) throws(CLIError) in
      guard let path else { throw .usage("name the Library.xml file") }
      scanned = try Self.scan(path)
      try scanned.map(Self.show)
    }
    listensOn = scanned?.isMostlyAppleMusic == true ? .appleMusic : nil
    libraryArtists = scanned?.library.artists.count
    guard let path = path.map(Self.absolute) else { throw .usage("setup needs --library PATH") }
    if path != found.first, current(\.library.path) == nil, found.isEmpty {
      Console.out("  (Music writes it with File › Library › Export Library…)")
    }
    try set(\.library.path, to: path, needed: current(\.library.path) == nil)
    return try goesOn(with: path)
  }

  /// An export older than `--stale-after` days lists as new what was got since it: told before anything is written,
  /// in status's words with how to keep it fresh, and the person chooses whether to go on (with `--yes`, setup goes
  /// on and the warning stays on the screen).
  func goesOn(with path: String) throws(CLIError) -> Bool {
    let library = StatusReport.Library(
      path: path, now: try settings[\.run.now], staleAfterDays: try settings[\.library.staleAfter])
    guard library.problem != nil else { return true }
    StatusCommand.libraryLines(library).forEach { Console.out("  " + $0) }
    guard try prompter.confirm("Go on with this export anyway?", default: false) else {
      Console.out("export the library again, then run deepcut setup again")
      return false
    }
    return true
  }

  static func scan(_ path: String) throws(CLIError) -> LibraryScan {
    do {
      return try LibraryReader.read(path: path)
    } catch {
      throw .library(error)
    }
  }

  /// What `deepcut scan` says of it, its first lines.
  static func show(_ scan: LibraryScan) throws(CLIError) {
    let summary = ScanSummary(scan).text(top: 3)
    Console.out(summary.split(separator: "\n").prefix(8).map { "  " + $0 }.joined(separator: "\n"))
    guard !scan.library.artists.isEmpty else {
      throw .usage("no artist in it has an owned track: export the library again from Music (or iTunes)")
    }
  }

  // MARK: - The catalogs

  mutating func chooseCatalogs() throws(CLIError) {
    let alternatives = settings.registry.searchable.map(\.name.rawValue).joined(separator: ", ")
    Self.describe(settings.registry.searchable, artists: libraryArtists).forEach { Console.out($0) }
    // With the sender known, a catalog that asks who runs this can be recommended too.
    let recommended = try draftedSettings().unnamedNight.recommended.map(\.name.rawValue).joined(separator: ",")
    let proposed = current(\.catalogs.provider) == nil && !settings.onCommandLine(\.catalogs.provider)
    let catalogs = try answer(
      \.catalogs.provider, "Catalogs to ask, comma-separated (\(alternatives))",
      default: current(\.catalogs.provider) ?? recommended)
    try set(\.catalogs.provider, to: catalogs)
    try chooseContact(for: catalogs)
    if proposed { try sayWhoIsLeftOut(of: catalogs) }
  }

  /// Each catalog a night can search, what it gives and costs: its gist, its pace, whether it asks who runs this.
  /// A first night asks each artist at least once: at the catalog's pace, that many minutes at the least.
  static func describe(_ catalogs: [any ProviderDefinition], artists: Int?) -> [String] {
    let width = catalogs.map(\.name.rawValue.count).max() ?? 0
    return catalogs.map { catalog in
      let name = catalog.name.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
      let pace = catalog.defaultRequestsPerMinute
      let first = artists.map { count in
        let minutes = max(1, Int((Double(count) / Double(pace)).rounded(.up)))
        return "; your \(count.formatted()) artists' first night: \(minutes) min or more"
      }
      let asks = catalog.requiresContact ? "; asks who runs this" : ""
      return "  \(name)  \(catalog.gist) (\(pace) requests a minute\(first ?? "")\(asks))"
    }
  }

  /// A catalog that asks who runs this is left out of the proposed ones when nothing says who: said, so the night's
  /// catalogs are no surprise.
  func sayWhoIsLeftOut(of catalogs: [any ProviderDefinition]?) throws(CLIError) {
    guard try CatalogOptions.contact(try draftedSettings()) == nil else { return }
    let chosen = Set((catalogs ?? []).map { $0.name.rawValue })
    let left = settings.registry.providers.filter { $0.requiresContact && !chosen.contains($0.name.rawValue) }
    guard !left.isEmpty else { return }
    Console.out(
      "  \(left.map(\.title).joined(separator: " and ")) left out: \(left.count == 1 ? "it asks" : "they ask") who "
        + "runs this, which an e-mail's sender says; give --contact (an e-mail address or a URL) to ask "
        + (left.count == 1 ? "it" : "them") + " too")
  }

  /// Who runs this, for a catalog chosen that asks every client: the sender says it when there is an e-mail, so it is
  /// asked only of a setup that pushes alone (or given with `--contact`).
  mutating func chooseContact(for catalogs: [any ProviderDefinition]) throws(CLIError) {
    let asking = catalogs.filter(\.requiresContact).map(\.name.rawValue)
    let contact = try CatalogOptions.contact(try draftedSettings())
    let needed = !asking.isEmpty && contact == nil
    guard needed || settings.onCommandLine(\.catalogs.contact) else { return }
    let given = try answer(
      \.catalogs.contact, "Who runs this, told to \(asking.joined(separator: " and ")) (an e-mail address or a URL)",
      default: current(\.catalogs.contact)
    ) { (contact) throws(CLIError) in
      guard contact?.isEmpty == false else { throw .usage("say who runs this: an e-mail address or a URL") }
    }
    try set(\.catalogs.contact, to: given, needed: true)
  }

  // MARK: - Where the person listens

  /// Where each row's title opens: what the file says, else Apple Music for a library mostly of Apple Music's
  /// tracks; asked otherwise.
  mutating func chooseListening() throws(CLIError) {
    let words = ListeningService.all.map(\.id) + ["none"]
    let proposed = current(\.catalogs.listen) ?? listensOn?.id ?? "none"
    let listen = try answer(
      \.catalogs.listen, "Where you listen: each release opens there (\(words.joined(separator: ", ")))",
      default: proposed)
    try set(\.catalogs.listen, to: listen)
  }

  // MARK: - The addresses

  mutating func chooseAddresses() throws(CLIError) {
    let to = try answer(\.mail.to, "Who gets the e-mail", default: current(\.mail.to)) { (addresses) throws(CLIError) in
      guard !addresses.isEmpty else { throw .usage("give at least one address") }
      try Self.checkAddresses(addresses)
    }
    try set(\.mail.to, to: to)
    let recipient = OutgoingMail.bareAddress(to[0])
    let from = try answer(\.mail.from, "Sent from", default: current(\.mail.from) ?? "\(Product.name) <\(recipient)>") {
      (from) throws(CLIError) in try Self.checkAddresses([from])
    }
    try set(\.mail.from, to: from)
  }

  static func checkAddresses(_ addresses: [String]) throws(CLIError) {
    for address in addresses {
      let bare = OutgoingMail.bareAddress(address)
      guard bare.contains("@"), !bare.hasPrefix("@"), !bare.hasSuffix("@"), !address.contains(where: \.isNewline)
      else { throw .usage("'\(address)' is not an e-mail address (name@example.com, or Name <name@example.com>)") }
    }
  }
}

/// Where Music and iTunes keep or export the library's XML, most likely first.
enum LibraryLocations {
  static let candidates = [
    "Music/Music/Library.xml", "Music/iTunes/iTunes Library.xml", "Music/iTunes/iTunes Music Library.xml",
    "Music/Library.xml",
  ]

  /// The candidates under `home` that are there, `.gz` ones too.
  static func found(home: String) -> [String] {
    candidates.flatMap { [home + "/" + $0, home + "/" + $0 + ".gz"] }.filter {
      FileManager.default.isReadableFile(atPath: $0)
    }
  }
}
