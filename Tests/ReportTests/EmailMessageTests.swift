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
    return try await python(script, message)
  }

  /// What a mail program makes of a shortened message: the body it shows, the files it offers, every part's defects.
  static func parseMixed(_ message: String) async throws -> [String: Any] {
    let script = """
      import email, json, sys
      from email import policy
      raw = sys.stdin.buffer.read()
      m = email.message_from_bytes(raw, policy=policy.default)
      files = [{"filename": a.get_filename(), "type": a.get_content_type(), "charset": a.get_content_charset(),
                "content": a.get_content()} for a in m.iter_attachments()]
      print(json.dumps({"tree": [p.get_content_type() for p in m.walk()],
        "defects": [str(d) for p in m.walk() for d in p.defects], "files": files,
        "html": m.get_body(preferencelist=("html",)).get_content(),
        "text": m.get_body(preferencelist=("plain",)).get_content(),
        "longest": max(len(line) for line in raw.split(b"\\r\\n"))}))
      """
    return try await python(script, message)
  }

  static func python(_ script: String, _ message: String) async throws -> [String: Any] {
    let parser = try DeepcutProcess.Running(
      executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], stdin: Data(message.utf8))
    let result = try await parser.finish()
    try #require(result.status == 0, "\(result.stderr)")
    let data = Data(result.stdout.utf8)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func aBusyNightIsAWellFormedMultipartMessage() async throws {
    let model = ReportFixtures.busy
    let message = try EmailFormat(options: Self.options).text(model)
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
    let markdown = try MarkdownFormat().text(model)
    let html = try HTMLFormat().text(model)
    #expect(parts[0]["content"] as? String == markdown)
    #expect(parts[1]["content"] as? String == html)
  }

  @Test func anEmptyNightHasADistinctSubject() async throws {
    let message = try EmailFormat(options: Self.options).text(ReportFixtures.empty)
    let parsed = try await Self.parse(message)
    #expect(parsed["subject"] as? String == "No new releases from artists you own — 29 Nov 2026")
  }

  @Test func aLongNonLatinSubjectIsEncodedAndFolded() async throws {
    var options = Self.options
    options.subject = "新しいリリース: 宇多田ヒカル, フィロズ, and a very long tail of words to force folding"
    let message = try EmailFormat(options: options).text(ReportFixtures.hostile)
    #expect(message.contains("Subject: =?UTF-8?B?"))
    let parsed = try await Self.parse(message)
    #expect(parsed["subject"] as? String == options.subject)
    #expect(parsed["longest"] as? Int ?? 99 <= 76)
  }

  @Test func aShortenedEmailShowsItsBodyAndOffersTheWholeReportAsAFile() async throws {
    let listing = EmailFittingTests.longNight(300)
    let (message, _, wholeHTML) = try EmailFittingTests.email(listing)
    let parsed = try await Self.parseMixed(message)
    #expect(
      parsed["tree"] as? [String] == [
        "multipart/mixed", "multipart/alternative", "text/plain", "text/html", "text/html",
      ])
    #expect((parsed["defects"] as? [String])?.isEmpty == true)
    #expect(parsed["longest"] as? Int ?? 99 <= 76)
    let files = try #require(parsed["files"] as? [[String: Any]])
    #expect(files.count == 1)
    #expect(files.first?["filename"] as? String == "deepcut-2026-11-29.html")
    #expect(files.first?["type"] as? String == "text/html" && files.first?["charset"] as? String == "utf-8")
    #expect(files.first?["content"] as? String == wholeHTML)
    let body = try EmailFittingTests.parts(of: message)
    #expect(parsed["text"] as? String == body.first && parsed["html"] as? String == body.last)
  }
}
