import Foundation
import Testing

/// No tuple literal in Sources awaits inside itself, as `(index, await ask())` does: swiftc -O may lose the elements
/// written before the suspension (swiftlang/swift#91911; see Sources/Basics/SideBySide.swift). The awaited value
/// goes into a local first, or the work goes through `sideBySide`.
struct TupleAwaitRuleTests {
  @Test func noTupleLiteralInSourcesAwaitsInsideItself() throws {
    var found: [String] = []
    let files = try PortabilityTests.sourceFiles().filter { $0.hasSuffix(".swift") }
    for file in files {
      let text = try String(
        contentsOf: PortabilityTests.packageRoot.appendingPathComponent(file), encoding: .utf8)
      found += Self.tuplesAwaitingInside(text).map { "\(file):\($0.line): \($0.text)" }
    }
    #expect(files.count > 100, "the scan found only \(files.count) files; is it looking in the right folder?")
    #expect(found.isEmpty, "await into a local first, or use sideBySide:\n\(found.joined(separator: "\n"))")
  }

  @Test func theScanCatchesWhatItLooksFor() {
    let offenders = [
      "return (index, .success(try await pass.run(library)))",
      "return { (batch, await send()) }",
      "let pair = (\n  first,\n  await second()\n)",
      "return (try await dispatch(arguments), nil)",
      "return .pair(index, try await ask())",
      "return(index, await ask())",
    ]
    let innocent = [
      "for await (index, result) in group { results[index] = result }",
      "let answer = await send()\nreturn (batch, answer)",
      "await withTaskGroup(of: (Int, Result<Outcome, Failure>).self) { group in }",
      "group.addTask { await self.ask(about: findings[index], at: index) }",
      "take: { (answer: (Batch, Answer), state) throws(CatalogError) in try await take(answer.0, &state) }",
      "let note = \"(a, await b)\" // (x, await y)",
      "let value = (await ask())",
      "let body = try await client.get(url, await token())",
      "return .success(try await pass.run(library))",
    ]
    for offender in offenders {
      #expect(Self.tuplesAwaitingInside(offender).count == 1, "\(offender)")
    }
    for line in innocent {
      #expect(Self.tuplesAwaitingInside(line).isEmpty, "\(line)")
    }
  }

  /// The tuple literals (and cases made in place) of `source` with an `await` inside and a comma at their own level,
  /// by their first line. Comments and string literals are blanked first, so what they say cannot count.
  static func tuplesAwaitingInside(_ source: String) -> [(line: Int, text: String)] {
    let code = Array(blankingCommentsAndStrings(source))
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    var found: [(line: Int, text: String)] = []
    var line = 1
    for (offset, character) in code.enumerated() {
      if character == "\n" { line += 1 }
      guard character == "(", opensTuple(code, at: offset), let inside = contents(code, from: offset) else {
        continue
      }
      if inside.hasTopLevelComma, inside.text.contains(/\bawait\b/) {
        found.append((line, lines[line - 1].trimmingCharacters(in: .whitespaces)))
      }
    }
    return found
  }

  /// A parenthesis opens a tuple after a keyword or punctuation, and a case made in place after `.name` with no
  /// receiver before the dot (`.pair(`): its payload is written into the result as a tuple's elements are. After a
  /// name, a call, a subscript or a receiver's member it opens arguments, which are all in before the call.
  private static func opensTuple(_ code: [Character], at offset: Int) -> Bool {
    let isName = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
    guard offset > 0 else { return true }
    let before = code[offset - 1]
    guard isName(before) else { return !")]?!>.".contains(before) }
    var start = offset - 1
    while start > 0, isName(code[start - 1]) { start -= 1 }
    if ["return", "try", "await", "throw", "in", "case", "yield"].contains(String(code[start..<offset])) {
      return true
    }
    guard start > 0, code[start - 1] == "." else { return false }
    return start == 1 || !(isName(code[start - 2]) || ")]?!>".contains(code[start - 2]))
  }

  /// What lies between the parenthesis at `offset` and its match.
  private static func contents(_ code: [Character], from offset: Int) -> (text: String, hasTopLevelComma: Bool)? {
    var depth = 0
    var comma = false
    for index in offset..<code.count {
      switch code[index] {
      case "(", "[", "{": depth += 1
      case ")", "]", "}":
        depth -= 1
        if depth == 0 { return (String(code[(offset + 1)..<index]), comma) }
      case "," where depth == 1: comma = true
      default: break
      }
    }
    return nil
  }

  /// `source` with every comment and string literal's characters turned into spaces, line breaks kept.
  private static func blankingCommentsAndStrings(_ source: String) -> String {
    var result = ""
    var characters = source.makeIterator()
    var state: (inString: Bool, inLineComment: Bool, inBlockComment: Bool, escaped: Bool) = (false, false, false, false)
    var previous: Character = " "
    while let character = characters.next() {
      var blank = state.inString || state.inLineComment || state.inBlockComment
      if state.inLineComment {
        if character == "\n" { state.inLineComment = false }
      } else if state.inBlockComment {
        if previous == "*" && character == "/" { state.inBlockComment = false }
      } else if state.inString {
        if state.escaped {
          state.escaped = false
        } else if character == "\\" {
          state.escaped = true
        } else if character == "\"" {
          state.inString = false
        }
      } else if character == "\"" {
        state.inString = true
        blank = true
      } else if previous == "/" && character == "/" {
        state.inLineComment = true
        result.removeLast()
        result.append(" ")
        blank = true
      } else if previous == "/" && character == "*" {
        state.inBlockComment = true
        result.removeLast()
        result.append(" ")
        blank = true
      }
      result.append(character == "\n" ? "\n" : blank ? " " : character)
      previous = character
    }
    return result
  }
}
