internal import Basics
internal import Catalog
public import Foundation
internal import Report

/// `$XDG_CONFIG_HOME/deepcut/config.json` (or `--config PATH`): the settings a nightly run needs, so the
/// crontab line stays short. Command-line flags override it. Lines starting with `//` are comments.
struct Configuration: Equatable {
  var library: String?
  var format: String?
  var output: String?
  var template: String?
  var stateDir: String?
  var country: String?
  var days: Int?
  var types: [String]?
  var provider: String?
  var baseURL: String?
  var coverArtURL: String?
  var requestsPerMinute: Int?
  var batchSize: Int?
  var maxAgeHours: Int?
  var recheckAfterDays: Int?
  var includeSecondaryTypes: [String] = []
  var timeoutSeconds: Int?
  var budget: Duration?
  var contact: String?
  var ignoreArtists: [String] = []
  var ignoreTitles: [String] = []
  var minimumOwnedTracks = IntegerSetting.minimumOwnedTracks.defaultValue
  var emailTo: [String] = []
  var emailFrom: String?
  var emailSubject: String?
  var emailFullReport: String?
  var emailFullReportURL: String?
  var emailMaximumPartBytes: Int?
  var feedsDirectory: String?
  var feedURL: String?
  var calendarIncludesNew = false

  static func defaultPath(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/deepcut/config.json" }
    return environment["HOME"].map { $0 + "/.config/deepcut/config.json" }
  }

  /// Reads the file at `path`; a missing default file is an empty configuration, a missing `--config` is not.
  static func load(path: String, required: Bool) throws(CLIError) -> Configuration {
    guard FileManager.default.fileExists(atPath: path) else {
      if required { throw .config("\(path): no such configuration file") }
      return Configuration()
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .config("\(path): cannot read the configuration file")
    }
    return try parse(data, path: path)
  }

  static func parse(_ data: Data, path: String) throws(CLIError) -> Configuration {
    let text = String(decoding: data, as: UTF8.self)
    // Comment lines become blank lines, so JSON error positions still point at the right line.
    let json = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.drop { $0 == " " || $0 == "\t" }.hasPrefix("//") ? "" : String(line)
    }.joined(separator: "\n")
    let object: [String: Any]
    do {
      guard let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
        throw CLIError.config("\(path): the configuration must be a JSON object { ... }")
      }
      object = parsed
    } catch let error as CLIError {
      throw error
    } catch {
      throw .config("\(path): not valid JSON (\(error.localizedDescription)); see 'deepcut config --example'")
    }
    let reader = KeyReader(path: path)
    var config = Configuration()
    for (key, value) in object {
      switch key {
      case "library": config.library = try reader.string(value, key)
      case "format":
        config.format = try reader.choice(value, key, ["markdown", "html", "json", "email", "atom", "ics"])
      case "output": config.output = try reader.string(value, key)
      case "template": config.template = try reader.string(value, key)
      case "stateDir": config.stateDir = try reader.string(value, key)
      case "country": config.country = try reader.string(value, key)
      case "days": config.days = try reader.integer(value, key, IntegerSetting.days.range)
      case "types": config.types = try reader.choices(value, key, ["album", "ep", "single"])
      case "ignoreArtists": config.ignoreArtists = try reader.strings(value, key)
      case "ignoreTitles":
        config.ignoreTitles = try reader.strings(value, key)
        for (index, pattern) in config.ignoreTitles.enumerated() where (try? Regex(pattern)) == nil {
          throw .config("\(path): ignoreTitles[\(index)]: '\(pattern)' is not a valid regular expression")
        }
      case "minimumOwnedTracks":
        config.minimumOwnedTracks = try reader.integer(value, key, IntegerSetting.minimumOwnedTracks.range)
      case "contact": config.contact = try reader.string(value, key)
      case "budget":
        let text = try reader.string(value, key)
        guard let budget = DurationText.parse(text) else {
          throw .config("\(path): budget: expected a length of time like \"90s\", \"10m\" or \"2h\", found \"\(text)\"")
        }
        config.budget = budget
      case "provider":
        for (name, setting, keyPath) in try reader.fields(value, key) {
          switch name {
          case "name": config.provider = try reader.choice(setting, keyPath, ["itunes", "musicbrainz"])
          case "includeSecondaryTypes":
            config.includeSecondaryTypes = try reader.choices(setting, keyPath, MusicBrainzProvider.secondaryTypes)
          case "baseURL": config.baseURL = try reader.string(setting, keyPath)
          case "coverArtURL": config.coverArtURL = try reader.string(setting, keyPath)
          case "requestsPerMinute":
            config.requestsPerMinute = try reader.integer(setting, keyPath, IntegerSetting.rateLimit.range)
          case "batchSize": config.batchSize = try reader.integer(setting, keyPath, IntegerSetting.batchSize.range)
          case "maxAgeHours":
            config.maxAgeHours = try reader.integer(setting, keyPath, IntegerSetting.maxAgeHours.range)
          case "recheckAfterDays":
            config.recheckAfterDays = try reader.integer(setting, keyPath, IntegerSetting.recheckAfterDays.range)
          case "timeoutSeconds":
            config.timeoutSeconds = try reader.integer(setting, keyPath, IntegerSetting.timeoutSeconds.range)
          default:
            throw reader.unknown(
              keyPath,
              known: [
                "name", "baseURL", "coverArtURL", "requestsPerMinute", "batchSize", "maxAgeHours",
                "recheckAfterDays", "includeSecondaryTypes", "timeoutSeconds",
              ])
          }
        }
      case "email":
        for (name, setting, keyPath) in try reader.fields(value, key) {
          switch name {
          case "to": config.emailTo = try reader.strings(setting, keyPath)
          case "from": config.emailFrom = try reader.string(setting, keyPath)
          case "subject": config.emailSubject = try reader.string(setting, keyPath)
          case "fullReport": config.emailFullReport = try reader.string(setting, keyPath)
          case "fullReportURL": config.emailFullReportURL = try reader.string(setting, keyPath)
          case "maxPartBytes":
            config.emailMaximumPartBytes = try reader.integer(setting, keyPath, EmailOptions.maximumPartBytesRange)
          default:
            throw reader.unknown(
              keyPath, known: ["to", "from", "subject", "fullReport", "fullReportURL", "maxPartBytes"])
          }
        }
      case "feeds":
        for (name, setting, keyPath) in try reader.fields(value, key) {
          switch name {
          case "directory": config.feedsDirectory = try reader.string(setting, keyPath)
          case "url": config.feedURL = try reader.string(setting, keyPath)
          case "calendarIncludesNew": config.calendarIncludesNew = try reader.bool(setting, keyPath)
          default: throw reader.unknown(keyPath, known: ["directory", "url", "calendarIncludesNew"])
          }
        }
      default:
        throw reader.unknown(key, known: Self.keys)
      }
    }
    return config
  }

  static let keys = [
    "library", "format", "output", "template", "stateDir", "country", "days", "types", "provider", "email",
    "ignoreArtists", "ignoreTitles", "minimumOwnedTracks", "budget", "contact", "feeds",
  ]

  static let example = """
    // deepcut configuration: $XDG_CONFIG_HOME/deepcut/config.json (usually ~/.config/deepcut/config.json).
    // Lines starting with // are comments. Every key is optional; command-line flags override these.
    {
      // The export Music writes with File › Library › Export Library…
      "library": "/home/me/Music/Library.xml",
      // markdown, html, json, email (a message for sendmail -t), atom (a feed) or ics (a calendar).
      "format": "email",
      // Where the report goes; leave out for standard output.
      // "output": "/home/me/deepcut/report.eml",
      // A Mustache template of your own (see templates/README.md).
      // "template": "/home/me/.config/deepcut/my-report.md.mustache",
      // Catalog store country, and the window: releases of the last N days count as new.
      "country": "US",
      "days": \(IntegerSetting.days.defaultValue),
      // Release kinds to include: album, ep, single.
      "types": ["album", "ep", "single"],
      // Who runs this: sent to the catalog with every request (MusicBrainz asks for it; email.from serves too).
      "contact": "me@example.com",
      "provider": {
        // itunes, or musicbrainz (many artists per request: a big library in minutes, not an hour).
        "name": "itunes",
        // 20 suits iTunes; MusicBrainz allows one a second (its default here is 50).
        "requestsPerMinute": 20,
        "batchSize": \(IntegerSetting.batchSize.defaultValue),
        // Cached album lists younger than this are used as they are.
        "maxAgeHours": \(IntegerSetting.maxAgeHours.defaultValue),
        // How often a resolved artist is searched again, in case the catalog changed it.
        "recheckAfterDays": \(IntegerSetting.recheckAfterDays.defaultValue),
        // How long one request may take before it is tried again.
        "timeoutSeconds": \(IntegerSetting.timeoutSeconds.defaultValue),
        // MusicBrainz: where covers are asked for (the Cover Art Archive unless set).
        // "coverArtURL": "https://coverartarchive.org",
        // MusicBrainz: release groups of these secondary types are reported too (left out by default).
        "includeSecondaryTypes": ["live"]
      },
      // Artists never to look up, and release titles to leave out (regular expressions).
      "ignoreArtists": ["Various Artists", "Glee Cast"],
      "ignoreTitles": ["(?i)karaoke", "(?i)\\\\btribute to\\\\b"],
      // Look up only artists with at least this many owned tracks.
      "minimumOwnedTracks": 3,
      // Stop asking the catalog after this long and report what is known, most played artists first; the
      // next run continues where this one stopped. Leave out to run to the end.
      "budget": "100m",
      "email": {
        "to": ["me@example.com"],
        "from": "deepcut <deepcut@example.com>",
        "subject": "New music for you",
        // Also write the whole report as HTML here; an e-mail too long for mail (over 100 KB, where Gmail cuts
        // messages) lists the most played artists first and names this file, or fullReportURL if it is served.
        // "fullReport": "/home/me/deepcut/full-report.html",
        // "fullReportURL": "https://example.com/deepcut/full-report.html",
        "maxPartBytes": \(EmailOptions.defaultMaximumPartBytes)
      },
      "feeds": {
        // Also write deepcut.atom (a feed) and deepcut.ics (a calendar) here, in the same run.
        // "directory": "/var/www/deepcut",
        // Where deepcut.atom is served: the feed's self link.
        // "url": "https://example.com/deepcut/deepcut.atom",
        // The calendar always has upcoming releases; this adds the window's new ones.
        "calendarIncludesNew": false
      }
    }

    """
}

/// Reads typed values out of parsed JSON, naming the key in every error.
private struct KeyReader {
  let path: String

  func fail(_ key: String, _ expected: String, _ value: Any) -> CLIError {
    .config("\(path): \(key): expected \(expected), found \(describe(value))")
  }

  func unknown(_ key: String, known: [String]) -> CLIError {
    let name = key.split(separator: ".").last.map(String.init) ?? key
    let suggestion = known.min { editDistance($0, name) < editDistance($1, name) }
    var message = "\(path): unknown key '\(key)'"
    if let suggestion, editDistance(suggestion, name) <= 3 { message += " (did you mean '\(suggestion)'?)" }
    return .config(message + "; see 'deepcut config --example'")
  }

  func string(_ value: Any, _ key: String) throws(CLIError) -> String {
    guard let text = value as? String, !(value is NSNumber) else { throw fail(key, "text", value) }
    return text
  }

  func strings(_ value: Any, _ key: String) throws(CLIError) -> [String] {
    guard let array = value as? [Any] else { throw fail(key, "a list of texts", value) }
    var result: [String] = []
    for (index, item) in array.enumerated() { result.append(try string(item, "\(key)[\(index)]")) }
    return result
  }

  func bool(_ value: Any, _ key: String) throws(CLIError) -> Bool {
    guard let number = value as? NSNumber, isBoolean(number) else { throw fail(key, "true or false", value) }
    return number.boolValue
  }

  func integer(_ value: Any, _ key: String, _ range: ClosedRange<Int>) throws(CLIError) -> Int {
    guard let number = value as? NSNumber, !isBoolean(number),
      let integer = Int(exactly: number.doubleValue), range.contains(integer)
    else { throw fail(key, "a whole number from \(range.lowerBound) to \(range.upperBound)", value) }
    return integer
  }

  func choice(_ value: Any, _ key: String, _ allowed: [String]) throws(CLIError) -> String {
    let text = try string(value, key)
    guard allowed.contains(text) else { throw fail(key, "one of \(allowed.joined(separator: ", "))", value) }
    return text
  }

  func choices(_ value: Any, _ key: String, _ allowed: [String]) throws(CLIError) -> [String] {
    let texts = try strings(value, key)
    for (index, text) in texts.enumerated() where !allowed.contains(text) {
      throw fail("\(key)[\(index)]", "one of \(allowed.joined(separator: ", "))", text)
    }
    return texts
  }

  /// The members of an object such as `"provider": { ... }`, each with its dotted name for messages.
  func fields(_ value: Any, _ key: String) throws(CLIError) -> [(name: String, setting: Any, keyPath: String)] {
    guard let object = value as? [String: Any] else { throw fail(key, "an object { ... }", value) }
    return object.map { ($0.key, $0.value, "\(key).\($0.key)") }
  }

  private func describe(_ value: Any) -> String {
    switch value {
    case let text as String: "\"\(text)\""
    case let number as NSNumber: isBoolean(number) ? (number.boolValue ? "true" : "false") : "\(number)"
    case is [Any]: "a list"
    case is [String: Any]: "an object"
    default: "null"
    }
  }

  /// JSON booleans come back as NSNumber too; their type code is "c".
  private func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }

}

extension Deepcut {
  /// What is wrong with a configuration file's contents, in the words `deepcut config --check` uses; nil when
  /// nothing is. For checking files without the command line (the configuration fuzz target).
  public static func configurationProblem(in data: Data, path: String = "config.json") -> String? {
    do {
      _ = try Configuration.parse(data, path: path)
      return nil
    } catch {
      return error.description
    }
  }
}
