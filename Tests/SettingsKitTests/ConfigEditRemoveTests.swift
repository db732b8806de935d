import Foundation
import SettingsKit
import Testing

/// Setup takes a key out when it stands in the way (a mail server named while the mail now goes to a command): its
/// line goes when it has one, else its text and the comma that joined it; every other byte stays.
struct ConfigEditRemoveTests {
  static func removing(_ key: String, from text: String) throws -> ConfigEdit {
    var edit = try ConfigEdit(text: text, path: "config.json")
    try edit.remove(key)
    return edit
  }

  @Test func aMemberOnItsOwnLineGoesWithItsLine() throws {
    let edit = try Self.removing(
      "email.smtp.url",
      from: """
        {
          "email": {
            // the server
            "smtp": {
              "url": "smtps://mail.example.org",
              "user": "ana"
            }
          }
        }

        """)
    #expect(
      edit.text == """
        {
          "email": {
            // the server
            "smtp": {
              "user": "ana"
            }
          }
        }

        """)
    #expect(
      edit.changes == [ConfigEdit.Change(key: "email.smtp.url", old: "\"smtps://mail.example.org\"", new: "(not set)")])
  }

  @Test func theLastMemberTakesTheCommaBeforeIt() throws {
    let edit = try Self.removing("b", from: "{\n  \"a\": 1,\n  \"b\": [\"x\", \"y\"]\n}\n")
    #expect(edit.text == "{\n  \"a\": 1\n}\n")
    #expect((try? JSONSerialization.jsonObject(with: Data(edit.text.utf8))) != nil)
  }

  @Test func onOneLineTheCommaThatJoinedItGoes() throws {
    #expect(try Self.removing("a", from: #"{ "a": 1, "b": 2 }"#).text == #"{ "b": 2 }"#)
    #expect(try Self.removing("b", from: #"{ "a": 1, "b": 2 }"#).text == #"{ "a": 1 }"#)
    #expect(try Self.removing("a", from: #"{ "a": 1 }"#).text == #"{  }"#)
  }

  @Test func aKeyTheFileLacksChangesNothing() throws {
    let text = "// kept\n{ \"a\": 1 }\n"
    let edit = try Self.removing("email.smtp.url", from: text)
    #expect(edit.text == text)
    #expect(edit.changes.isEmpty)
  }
}
