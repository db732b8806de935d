import Catalog
import Foundation
import SettingsKit
import Testing

@testable import DeepcutCLI
@testable import Options

/// `deepcut setup` edits a config.json a person may have written: only the spans of the values it sets change, the
/// rest (comments, key order, layout, line endings) stays byte for byte, and what it writes reads back through
/// ConfigFile, the reader every run uses.
struct ConfigEditTests {
  static let path = "/home/me/.config/deepcut/config.json"

  /// The file as setup edits it: setup's header, its message's pointer to the example.
  static func edit(_ text: String) throws -> ConfigEdit { try Setup.draft(text, path: path) }

  /// The file after setting each key of `sets` in turn.
  static func edited(_ text: String, _ sets: [(String, ConfigJSON)]) throws -> ConfigEdit {
    var edit = try edit(text)
    for (key, value) in sets { try edit.set(key, to: value) }
    return edit
  }

  /// What a refusal says; nil when there was none.
  static func refusal(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as SettingsError {
      return error.description
    } catch let error as CLIError {
      return error.description
    } catch {
      return "neither a SettingsError nor a CLIError: \(error)"
    }
  }

  static func parsed(_ text: String) throws -> ConfigFile {
    try ConfigFile.parse(Data(text.utf8), path: path, Deepcut.interface(.standard))
  }

  static func commentLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
      $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("//")
    }
  }

  @Test func anExistingValueIsRewrittenInItsSpanAlone() throws {
    let file = """
      // mine
      {
        "library":   "/old/Library.xml" ,
        "days":30
      }

      """
    let edit = try Self.edited(file, [("library", .text("/new/Library.xml")), ("days", .number(7, written: "7"))])
    #expect(
      edit.text == """
        // mine
        {
          "library":   "/new/Library.xml" ,
          "days":7
        }

        """)
  }

  @Test func aMissingMemberComesLastWithItsSiblingsIndentationAndACommaBeforeIt() throws {
    let file = """
      {
          "library": "/m/Library.xml",
          "days": 30
          // the end
      }
      """
    let edit = try Self.edited(file, [("country", .text("GB"))])
    #expect(
      edit.text == """
        {
            "library": "/m/Library.xml",
            "days": 30,
            // the end
            "country": "GB"
        }
        """)
  }

  @Test func missingGroupsAreMadeAsNestedObjectsIndentedAsTheFileIs() throws {
    let file = """
      {
      \t"library": "/m/Library.xml",
      \t"email": {
      \t\t"to": ["me@example.com"]
      \t}
      }

      """
    let edit = try Self.edited(
      file,
      [("email.smtp.url", .text("smtps://mail.example.com:465")), ("feeds.url", .text("https://x.org/d.atom"))])
    #expect(
      edit.text == """
        {
        \t"library": "/m/Library.xml",
        \t"email": {
        \t\t"to": ["me@example.com"],
        \t\t"smtp": {
        \t\t\t"url": "smtps://mail.example.com:465"
        \t\t}
        \t},
        \t"feeds": {
        \t\t"url": "https://x.org/d.atom"
        \t}
        }

        """)
    _ = try Self.parsed(edit.text)
  }

  @Test func anObjectWrittenOnOneLineGetsItsNewMemberOnThatLine() throws {
    let edit = try Self.edited(
      #"{"provider": {"name": "deezer"}}"#,
      [("provider.batchSize", .number(50, written: "50")), ("email.smtp.user", .text("me"))])
    #expect(
      edit.text == #"{"provider": {"name": "deezer", "batchSize": 50}, "email": {"smtp": {"user": "me"}}}"#)
  }

  @Test func anEmptyObjectGetsItsFirstMember() throws {
    #expect(try Self.edited("{}\n", [("days", .number(3, written: "3"))]).text == "{\n  \"days\": 3\n}\n")
    #expect(try Self.edited("{ }", [("days", .number(3, written: "3"))]).text == "{\n  \"days\": 3\n}")
    let nested = """
      {
        "email": {},
        "feeds": {
          // later
        }
      }
      """
    let edit = try Self.edited(nested, [("email.send", .bool(true)), ("feeds.calendarIncludesNew", .bool(false))])
    #expect(
      edit.text == """
        {
          "email": {
            "send": true
          },
          "feeds": {
            // later
            "calendarIncludesNew": false
          }
        }
        """)
  }

  @Test func anEmptyOrMissingFileStartsWithTheHeaderAndReadsBack() throws {
    let empty = try Self.edit("")
    #expect(empty.text == Setup.configHeader + "\n{ }\n")
    #expect(try Self.parsed(empty.text).values.isEmpty)
    var edit = try Self.edit(" \n")
    try edit.set("library", to: .text("/m/Library.xml"))
    try edit.set("email.to", to: .list([.text("me@example.com")]))
    #expect(
      edit.text == """
        \(Setup.configHeader)
        {
          "library": "/m/Library.xml",
          "email": {
            "to": ["me@example.com"]
          }
        }

        """)
    #expect(try Self.parsed(edit.text).values["email.to"]?.jsonText == #"["me@example.com"]"#)
    // A file of comments alone keeps them, its object after them.
    #expect(try Self.edit("// mine\n").text == "// mine\n{ }\n")
  }

  /// Comment lines anywhere (before the object, between members, inside groups, after the last member) stay where
  /// they are; a `//` inside a text is part of the text.
  @Test func commentsStayAndSlashesInATextAreNoComment() throws {
    let file = """
      // top
      {
        // before
        "library": "//server/share//Library.xml",
          // inside, oddly indented
        "email": {
          // to whom
          "to": ["a@b.c"],
          // "from": "x@y.z",
          "subject": "a // b"
          // after the last
        }
        // the end
      }
      // after
      """
    var edit = try Self.edit(file)
    #expect(edit.value(at: "library")?.jsonText == #""//server/share//Library.xml""#)
    #expect(edit.value(at: "email.subject")?.jsonText == #""a // b""#)
    try edit.set("email.subject", to: .text("https://x // y"))
    try edit.set("email.from", to: .text("me@x.org"))
    #expect(Self.commentLines(edit.text) == Self.commentLines(file))
    #expect(edit.text.contains(#""subject": "https://x // y","#))
    #expect(edit.text.hasSuffix("    // after the last\n    \"from\": \"me@x.org\"\n  }\n  // the end\n}\n// after"))
    #expect(try Self.parsed(edit.text).values["email.subject"]?.jsonText == #""https://x // y""#)
  }

  @Test func escapedQuotesAndUnicodeEscapesAreReadAndWritten() throws {
    let file = #"{"email": {"subject": "say \"hi\" \\ \/ \u00e9\t\ud83c\udfb5", "from": "x"}}"#
    var edit = try Self.edit(file)
    #expect(edit.value(at: "email.subject")?.jsonText == #""say \"hi\" \\ / é\t🎵""#)
    try edit.set("email.from", to: .text("\"Me\" \\ <me@x.org>\n"))
    #expect(
      edit.text == #"{"email": {"subject": "say \"hi\" \\ \/ \u00e9\t\ud83c\udfb5", "from": "\"Me\" \\ <me@x.org>\n"}}"#
    )
    let values = try Self.parsed(edit.text).values
    #expect(values["email.subject"]?.jsonText == #""say \"hi\" \\ / é\t🎵""#)
    #expect(values["email.from"]?.jsonText == #""\"Me\" \\ <me@x.org>\n""#)
    #expect(Self.refusal { _ = try Setup.draft(#"{"a": "\ud83c"}"#, path: "c.json") }?.contains("half") == true)
  }

  @Test func crlfLineEndingsAreKept() throws {
    let file = "// mine\r\n{\r\n  \"days\": 30\r\n}\r\n"
    let edit = try Self.edited(file, [("days", .number(9, written: "9")), ("email.to", .list([.text("a@b.c")]))])
    #expect(
      edit.text == "// mine\r\n{\r\n  \"days\": 9,\r\n  \"email\": {\r\n    \"to\": [\"a@b.c\"]\r\n  }\r\n}\r\n")
    #expect(try Self.parsed(edit.text).values["days"]?.jsonText == "9")
  }

  @Test func theLastLineEndIsKeptOrLeftOutAsItWas() throws {
    for end in ["", "\n", "\n\n"] {
      let edit = try Self.edited("{\n  \"days\": 30\n}" + end, [("country", .text("GB"))])
      #expect(edit.text == "{\n  \"days\": 30,\n  \"country\": \"GB\"\n}" + end)
    }
  }

  @Test func aGroupThatIsNoObjectIsRefusedNamingItsKeyAndLine() throws {
    var edit = try Self.edit("{\n  \"email\": [\"a@b.c\"]\n}\n")
    let message = Self.refusal { try edit.set("email.smtp.url", to: .text("smtps://x:465")) }
    #expect(
      message == "\(Self.path): line 2: email: expected an object { ... }, found a list; make it an object or remove "
        + "it, so that email.smtp.url can be set")
    #expect(edit.value(at: "email.smtp.url") == nil)
    #expect(edit.changes.isEmpty)
  }

  @Test func aFileThatIsNotJSONIsRefusedWithItsLine() {
    let files = [
      (
        "{\n  \"days\": 30\n  \"country\": \"GB\"\n}",
        #"line 3: expected ',' or '}' after the value of "days", found '"'"#
      ),
      ("{\n  \"days\": 30,\n}", "line 3: a comma after an object's last member; remove it"),
      ("{\n  days: 30\n}", "line 2: expected a name in double quotes, found 'd'"),
      ("{\n  \"days\" 30\n}", #"line 2: expected ':' after "days", found '3'"#),
      ("{\n  \"format\": email\n}", "line 2: expected a value (a text in double quotes"),
      ("{\n  \"library\": \"/m\n}", "line 2: a text that does not end on its line"),
      ("{\n  \"days\": 30 // thirty\n}", "line 2: expected ',' or '}' after the value of \"days\", found '/'"),
      ("{\n  \"types\": [\"album\",]\n}", "line 2: a comma after a list's last item; remove it"),
      ("{\n  \"days\": -\n}", "line 2: a number needs a digit"),
      ("{\n  \"days\": 30\n", "line 3: expected ',' or '}' after the value of \"days\", found the end of the file"),
      ("{ }\n}", "line 2: expected nothing after the object's closing }, found '}'"),
      ("// a list\n[1]", "line 2: the configuration must be a JSON object { ... }"),
      ("{\"a\": \"\\x\"}", "line 1: 'x' cannot follow a \\ in a text"),
    ]
    for (file, problem) in files {
      let message = Self.refusal { _ = try Setup.draft(file, path: "c.json") }
      #expect(message?.hasPrefix("c.json: " + problem) == true, "\(file): \(message ?? "read")")
      #expect(message?.hasSuffix("; fix that line (see 'deepcut config --example')") == true)
    }
  }

  /// Setting a value the file has changes nothing: no change, the same bytes, however the file writes it.
  @Test func settingTheSameValueChangesNothing() throws {
    let file = "{\n  \"types\": [ \"album\",\"ep\" ],\n  \"days\": 30.0\n}\n"
    var edit = try Self.edit(file)
    try edit.set("types", to: .list([.text("album"), .text("ep")]))
    try edit.set("days", to: .number(30, written: "30"))
    #expect(edit.text == file)
    #expect(edit.changes.isEmpty)
    try edit.set("country", to: .text("GB"))
    let once = edit.text
    try edit.set("country", to: .text("GB"))
    #expect(edit.text == once)
    #expect(edit.changes == [ConfigEdit.Change(key: "country", old: nil, new: #""GB""#)])
  }

  @Test func aListIsWrittenOnOneLineAsConfigJSONWritesIt() throws {
    let file = "{\n  \"email\": {\n    \"to\": [\n      \"old@x\"\n    ]\n  }\n}\n"
    let edit = try Self.edited(file, [("email.to", .list([.text("new@x"), .text("other@x")]))])
    #expect(edit.text == "{\n  \"email\": {\n    \"to\": [\"new@x\", \"other@x\"]\n  }\n}\n")
    #expect(edit.changes == [ConfigEdit.Change(key: "email.to", old: #"["old@x"]"#, new: #"["new@x", "other@x"]"#)])
  }

  @Test func keyOrderStaysAndNewKeysComeLast() throws {
    let file = #"{"stateDir": "/s", "provider": {"timeoutSeconds": 5, "name": "deezer"}, "days": 1, "library": "/l"}"#
    var edit = try Self.edit(file)
    let before = edit.keys
    #expect(before == ["stateDir", "provider.timeoutSeconds", "provider.name", "days", "library"])
    for key in before.reversed() { try edit.set(key, to: edit.value(at: key) ?? .null) }
    try edit.set("provider.name", to: .text("itunes"))
    try edit.set("provider.batchSize", to: .number(10, written: "10"))
    try edit.set("country", to: .text("SE"))
    try edit.set("days", to: .number(2, written: "2"))
    #expect(
      edit.keys == [
        "stateDir", "provider.timeoutSeconds", "provider.name", "provider.batchSize", "days", "library", "country",
      ])
  }

  @Test func changesAreDescribedForAPerson() throws {
    var edit = try Self.edit("{\n  \"email\": {\"to\": [\"old@x\"]},\n  \"days\": 30\n}\n")
    try edit.set("email.to", to: .list([.text("new@x")]))
    try edit.set("email.smtp.url", to: .text("smtps://mail.example.com:465"))
    try edit.set("days", to: .number(14, written: "14"))
    try edit.set("days", to: .number(30, written: "30"))
    #expect(
      edit.changesDescribed == """
          email.to: ["old@x"] → ["new@x"]
          email.smtp.url: (not set) → "smtps://mail.example.com:465"
        """)
  }

  @Test func valueReadsWhatTheFileHasNow() throws {
    var edit = try Self.edit(#"{"email": {"send": true, "maxPartBytes": 5e4}, "budget": null}"#)
    #expect(edit.value(at: "email.send")?.jsonText == "true")
    #expect(edit.value(at: "email.maxPartBytes")?.jsonText == "50000")
    #expect(edit.value(at: "budget")?.jsonText == "null")
    #expect(edit.value(at: "email")?.jsonText == #"{"maxPartBytes": 50000, "send": true}"#)
    #expect(edit.value(at: "email.smtp.url") == nil)
    #expect(edit.value(at: "budget.x") == nil)
    #expect(edit.value(at: "email..send") == nil)
    try edit.set("email.send", to: .bool(false))
    #expect(edit.value(at: "email.send")?.jsonText == "false")
  }

  /// Every key in force in `config --example`, and some it has commented out, set to another value read back as that
  /// value through ConfigFile, with every comment line where it was and the keys in their order.
  @Test func everyKeyOfTheExampleTakesAnotherValueAndItsCommentsStay() throws {
    let example = ConfigExample.text(header: Deepcut.exampleHeader, Deepcut.interface(.standard))
    var edit = try Self.edit(example)
    let original = Self.settingKeys(edit.keys)
    #expect(Set(original).isSubset(of: Self.otherValues.map(\.key)), "a key of the example has no other value here")
    for (key, value) in Self.otherValues { try edit.set(key, to: value) }
    let values = try Self.parsed(edit.text).values
    #expect(values.count == Self.otherValues.count)
    for (key, value) in Self.otherValues { #expect(values[key]?.jsonText == value.jsonText, "\(key)") }
    #expect(Self.commentLines(edit.text) == Self.commentLines(example))
    #expect(Self.settingKeys(edit.keys).filter(original.contains) == original)
    #expect(edit.changes.map(\.key) == Self.otherValues.map(\.key))
  }

  /// The example's values set to others and back are the example again, byte for byte: an edit touches its value's
  /// span alone.
  @Test func theExampleSetToOtherValuesAndBackIsTheSameBytes() throws {
    let example = ConfigExample.text(header: Deepcut.exampleHeader, Deepcut.interface(.standard))
    let before = try Self.edit(example)
    var edit = before
    for (key, value) in Self.otherValues where before.keys.contains(key) { try edit.set(key, to: value) }
    #expect(edit.text != example)
    for key in before.keys { try edit.set(key, to: try #require(before.value(at: key))) }
    #expect(edit.text == example)
    #expect(edit.changes.isEmpty)
  }

  /// The settings a file's keys are values of: a member of a setting whose value is an object ("classes.live") is
  /// that setting's ("classes"), once.
  static func settingKeys(_ keys: [String]) -> [String] {
    var result: [String] = []
    for key in keys {
      let setting = Self.objectSettings.first { key.hasPrefix($0 + ".") } ?? key
      if !result.contains(setting) { result.append(setting) }
    }
    return result
  }

  static let objectSettings = ["classes"]

  /// Another value than the example's for each key it has in force (in its order), then keys it has commented out.
  static let otherValues: [(key: String, value: ConfigJSON)] = [
    ("library", .text("/srv/music/Library.xml")),
    ("staleAfterDays", .number(30, written: "30")),
    ("format", .text("html")),
    ("country", .text("GB")),
    ("days", .number(14, written: "14")),
    ("types", .list([.text("album")])),
    ("classes", .object(["live": .text("none"), "version": .text("also")])),
    ("contact", .text("ops@example.org")),
    ("provider.name", .list([.text("musicbrainz"), .text("itunes")])),
    ("provider.batchSize", .number(50, written: "50")),
    ("provider.maxAgeHours", .number(6, written: "6")),
    ("provider.recheckAfterDays", .number(60, written: "60")),
    ("provider.timeoutSeconds", .number(45, written: "45")),
    ("provider.includeSecondaryTypes", .list([.text("live"), .text("compilation")])),
    ("ignoreArtists", .list([.text("Glee Cast")])),
    ("ignoreTitles", .list([.text(#"(?i)\blive at\b"#)])),
    ("minimumOwnedTracks", .number(5, written: "5")),
    ("budget", .text("2h")),
    ("every", .text("sunday")),
    ("tellAnnounced", .text("release-day")),
    ("email.to", .list([.text("you@example.org"), .text("them@example.org")])),
    ("email.from", .text("deepcut <night@example.org>")),
    ("email.subject", .text("Fresh \"releases\" // tonight")),
    ("email.maxPartBytes", .number(50000, written: "50000")),
    ("email.send", .bool(false)),
    ("email.smtp.allowInsecure", .bool(true)),
    ("email.sendmail", .text("msmtp -t")),
    ("email.timeoutSeconds", .number(120, written: "120")),
    ("email.retryAfterSeconds", .number(10, written: "10")),
    ("feeds.calendarIncludesNew", .bool(true)),
    ("feeds.includeAlsoOut", .bool(true)),
    ("push.channels", .text("/home/me/.config/deepcut/phone-channels")),
    ("push.whenEmpty", .bool(true)),
    ("stateDir", .text("/var/lib/deepcut")),
    ("email.smtp.url", .text("smtps://mail.example.com:465")),
    ("feeds.directory", .text("/var/www/deepcut")),
    ("provider.deezer.baseURL", .text("http://127.0.0.1:8080")),
  ]
}
