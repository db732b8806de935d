public import Basics
public import Catalog
public import Delivery
public import Foundation
public import Identity
public import Report

/// Everything one night is asked to do, as plain values, in parts that cannot disagree: the library, the catalogs,
/// the output, the e-mail (its message and where it goes, together), the push, the ledger. The command line makes
/// each part from its group of settings; a test makes one by hand.
public struct NightPlan: Sendable {
  public var library: Library
  public var catalogs: Catalogs
  public var output: Output
  /// The e-mail, with the e-mail format.
  public var mail: Mail?
  /// Where the night's news is pushed beside the e-mail, with `--send`.
  public var push = PushPlan()
  public var ledger = Ledger()
  /// The night's time: the clock's, or `--now`.
  public var now: Date
  /// How long a delivery that failed for now waits before its one retry.
  public var retryAfter: Duration = .seconds(30)
  /// Where a message that was not delivered is kept.
  public var outbox: String
  /// Say nothing on standard error but errors.
  public var quiet = false
  /// Say how long each step took, in the report and on standard error.
  public var timings = false

  public init(library: Library, catalogs: Catalogs, output: Output, now: Date, outbox: String) {
    self.library = library
    self.catalogs = catalogs
    self.output = output
    self.now = now
    self.outbox = outbox
  }

  /// What the run log calls this run: a night delivers its e-mail or pushes and tells; anything else is a run by
  /// hand.
  public var runKind: RunKind {
    if ledger.dryRun { return .dryRun }
    return mail?.channel == nil && push.channels.isEmpty ? .byHand : .night
  }

  /// The order of a release's links: the linked catalogs', then the searched ones'.
  var linkOrder: [CatalogName] { (catalogs.linked + catalogs.searched).map(\.definition.name) }

  /// The format is a feed or a calendar, which keep the whole window.
  var rolling: Bool { type(of: output.format).keepsWindow }

  /// The export to read, and which of its artists are looked up.
  public struct Library: Sendable {
    public var path: String
    /// Library artists left out, and those with fewer owned tracks.
    public var ignoredArtists: Set<ArtistKey> = []
    public var minimumOwnedTracks = 1
    /// An export more whole days old than this is named stale, in the report and on standard error; 0 never.
    public var staleAfterDays = 0

    public init(path: String) {
      self.path = path
    }
  }

  /// The catalogs asked, what counts as new, and where a row opens.
  public struct Catalogs: Sendable {
    /// The night's catalogs, in the order of their links, each with how it is asked. Never empty.
    public var searched: [CatalogNight]
    /// Catalogs asked only for links to the releases the report lists, by UPC.
    public var linked: [CatalogNight] = []
    /// Where the person listens, which each row's title opens; nil opens the first catalog's page.
    public var listening: Listening?
    /// The window, the kinds and what is left out: every catalog's releases are judged alike.
    public var finder: FinderOptions

    public init(searched: [CatalogNight], finder: FinderOptions) {
      self.searched = searched
      self.finder = finder
    }
  }

  /// What the report is made as, and where it goes.
  public struct Output: Sendable {
    /// The report's format, with what it is made from.
    public var format: any ReportFormat = MarkdownFormat()
    public var templates: TemplateLocator
    /// Where the report is written; nil prints it (unless it is delivered).
    public var path: String?
    /// Other formats written to a folder beside the report, each keeping the whole window (`--feeds`: deepcut.atom
    /// and deepcut.ics).
    public var feeds: Feeds?

    public init(templates: TemplateLocator) {
      self.templates = templates
    }
  }

  /// The e-mail and where it goes, together: a channel without a message to hand over cannot be asked for.
  public struct Mail: Sendable {
    /// Its headers and parts.
    public var message: EmailOptions
    /// Where it is delivered (`--send`); nil leaves it on standard output or in the output's file.
    public var channel: (any DeliveryChannel)?
    /// Where the whole report goes as HTML when the e-mail is shortened.
    public var fullReport: String?

    public init(message: EmailOptions, channel: (any DeliveryChannel)? = nil, fullReport: String? = nil) {
      self.message = message
      self.channel = channel
      self.fullReport = fullReport
    }
  }

  /// What the night tells and remembers as told.
  public struct Ledger: Sendable {
    /// Tell only what no earlier report told, and remember what this one tells.
    public var sinceLastRun = false
    /// Tell and remember nothing.
    public var dryRun = false
    /// When a release announced ahead is told, told since the last run.
    public var announced = AnnouncedTelling.both
    /// How often the person is told: once a week, what is told since the last run is the week's digest.
    public var cadence = Cadence.nightly

    public init(
      sinceLastRun: Bool = false, dryRun: Bool = false, announced: AnnouncedTelling = .both,
      cadence: Cadence = .nightly
    ) {
      self.sinceLastRun = sinceLastRun
      self.dryRun = dryRun
      self.announced = announced
      self.cadence = cadence
    }

    /// The week's digest: what no earlier report told, on a weekly schedule.
    public var weekly: Bool { sinceLastRun && cadence.weekday != nil }
  }

  /// Formats written beside the report, from the same answers, as files named `deepcut.EXTENSION` in `directory`.
  public struct Feeds: Sendable {
    public var directory: String
    public var formats: [any ReportFormat]

    public init(directory: String, formats: [any ReportFormat]) {
      self.directory = directory
      self.formats = formats
    }
  }
}

/// One catalog of the night, with everything that is its own: where and how fast it is asked, how long its answers
/// keep and how many artists a request carries, and whether it groups editions.
public struct CatalogNight: Sendable {
  public let definition: any ProviderDefinition
  /// Where, how fast, by whom, with which of its own settings; from its snapshot with `--snapshot`.
  public let run: ProviderRun
  /// Its pass: its cache's age and its batch; the budget and the rest are the night's.
  public let pass: CatalogPassOptions
  /// The night's window, kinds and what is left out, with whether this catalog groups editions.
  public let finder: FinderOptions

  public init(definition: any ProviderDefinition, run: ProviderRun, pass: CatalogPassOptions, finder: FinderOptions) {
    self.definition = definition
    self.run = run
    self.pass = pass
    var finder = finder
    finder.catalogGroupsEditions = definition.groupsEditions
    self.finder = finder
  }

  /// The provider that asks it, as this night does.
  public func provider() -> any CatalogProvider { definition.provider(for: run) }
}

/// The push channels of a night (`--send`), each telling each release once.
public struct PushPlan: Sendable {
  public var channels: [any PushChannel]
  /// The whole report's address (`--full-report-url`): what a tap on a push opens.
  public var fullReportURL: String?
  /// Push on a night with nothing new too ("No new releases tonight").
  public var whenEmpty: Bool
  /// Where the kinds of trouble told today are kept (the state folder); nil tells trouble every run.
  public var troubleFolder: String?
  /// Why the channels file could not be read (its file and line): the night goes on without pushing, the e-mail
  /// goes out, and the night ends saying this.
  public var unreadable: String?

  public init(
    channels: [any PushChannel] = [], fullReportURL: String? = nil, whenEmpty: Bool = false,
    troubleFolder: String? = nil, unreadable: String? = nil
  ) {
    self.channels = channels
    self.fullReportURL = fullReportURL
    self.whenEmpty = whenEmpty
    self.troubleFolder = troubleFolder
    self.unreadable = unreadable
  }
}
