import Foundation
import Report
import TestSupport
import Testing

/// The e-mail as a mail program sees it: parsed by Python's `email` package, not by our own code.
struct EmailMessageTests {
  static let options = EmailOptions(
    from: "deepcut <deepcut@example.org>", to: ["Ana <ana@example.org>", "bo@example.org"],
    date: Date(timeIntervalSince1970: 1_795_953_600))

  /// Runs Python's parser over `message` and returns what it found, as JSON.
  static func parse(_ message: String) async throws -> [String: Any] {
    let script = """
      import email, json, sys
      from email import policy
      raw = sys.stdin.buffer.read()
      m = email.message_from_bytes(raw, policy=policy.default)
      parts = [{"type": p.get_content_type(), "charset": p.get_content_charset(),
                "encoding": p["Content-Transfer-Encoding"], "content": p.get_content()} for p in m.iter_parts()]
      print(json.dumps({"subject": str(m["Subject"]), "to": str(m["To"]), "from": str(m["From"]),
        "date": str(m["Date"]), "messageID": str(m["Message-ID"]), "type": m.get_content_type(),
        "defects": [str(d) for d in m.defects] + [str(d) for p in m.iter_parts() for d in p.defects],
        "parts": parts, "longest": max(len(line) for line in raw.split(b"\\r\\n"))}))
      """
    let parser = try DeepcutProcess.Running(
      executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], stdin: Data(message.utf8))
    let result = try await parser.finish()
    try #require(result.status == 0, "\(result.stderr)")
    let data = Data(result.stdout.utf8)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func aBusyNightIsAWellFormedMultipartMessage() async throws {
    let model = ReportFixtures.busy
    let message = try ReportRenderer.render(model, as: .email, templates: TemplateLocator(), email: Self.options)
    let parsed = try await Self.parse(message)
    #expect(parsed["type"] as? String == "multipart/alternative")
    #expect(parsed["subject"] as? String == "3 new releases from artists you own — 29 Nov 2026")
    #expect(parsed["to"] as? String == "Ana <ana@example.org>, bo@example.org")
    #expect(parsed["date"] as? String == "Sun, 29 Nov 2026 12:00:00 +0000")
    #expect((parsed["messageID"] as? String)?.hasSuffix("@example.org>") == true)
    #expect((parsed["defects"] as? [String])?.isEmpty == true)
    #expect(parsed["longest"] as? Int ?? 99 <= 76)

    let parts = try #require(parsed["parts"] as? [[String: Any]])
    #expect(parts.map { $0["type"] as? String } == ["text/plain", "text/html"])
    #expect(parts.allSatisfy { $0["charset"] as? String == "utf-8" && $0["encoding"] as? String == "base64" })
    let markdown = try ReportRenderer.render(model, as: .markdown, templates: TemplateLocator())
    let html = try ReportRenderer.render(model, as: .html, templates: TemplateLocator())
    #expect(parts[0]["content"] as? String == markdown)
    #expect(parts[1]["content"] as? String == html)
  }

  @Test func anEmptyNightHasADistinctSubject() async throws {
    let message = try ReportRenderer.render(
      ReportFixtures.empty, as: .email, templates: TemplateLocator(), email: Self.options)
    let parsed = try await Self.parse(message)
    #expect(parsed["subject"] as? String == "No new releases from artists you own — 29 Nov 2026")
  }

  @Test func aLongNonLatinSubjectIsEncodedAndFolded() async throws {
    var options = Self.options
    options.subject = "新しいリリース: 宇多田ヒカル, フィロズ, and a very long tail of words to force folding"
    let message = try ReportRenderer.render(
      ReportFixtures.hostile, as: .email, templates: TemplateLocator(), email: options)
    #expect(message.contains("Subject: =?UTF-8?B?"))
    let parsed = try await Self.parse(message)
    #expect(parsed["subject"] as? String == options.subject)
    #expect(parsed["longest"] as? Int ?? 99 <= 76)
  }
}
