import Basics
import Testing

/// Text from elsewhere, fit to show: one line, nothing hidden, a bounded length; and Markdown that adds no markup.
struct ShownTextTests {
  @Test func aValueIsOneLineWithNothingHiddenAndABoundedLength() {
    #expect(ShownText.oneLine("Night\nDrive\r\n\tLive\u{2028}Now") == "Night Drive  Live Now")
    #expect(ShownText.oneLine("Bidi \u{202E}txet\u{202C} \u{2067}iso\u{2069}") == "Bidi txet iso")
    #expect(ShownText.oneLine("\u{7}bell\u{1B}[31mred\u{85}next\u{7F}") == "bell[31mred next")
    #expect(ShownText.oneLine("Beyoncé — ライブ 🎸") == "Beyoncé — ライブ 🎸")
    let long = ShownText.oneLine(String(repeating: "ab", count: 3_000))
    #expect(long.count == ShownText.longest && long.hasSuffix("…"))
    #expect(ShownText.oneLine("abc", limit: 3) == "abc" && ShownText.oneLine("abcd", limit: 3) == "ab…")
  }

  @Test func markdownEscapesEveryMarkupCharacterAndAListMarkerItStartsWith() {
    #expect(
      Markdown.escaped("[x](https://e.org) **b** <i> | `c` #h ~s~ !{}")
        == ##"\[x\]\(https://e.org\) \*\*b\*\* \<i\> \| \`c\` \#h \~s\~ \!\{\}"##)
    #expect(Markdown.escaped("Line one\n- item\n# head") == ##"Line one - item \# head"##)
    #expect(Markdown.escaped("- Intro") == #"\- Intro"# && Markdown.escaped("+1") == #"\+1"#)
    #expect(
      Markdown.escaped("1984. Live") == #"1984\. Live"#
        && Markdown.escaped("1999 (Remastered)") == #"1999 \(Remastered\)"#)
    #expect(Markdown.escaped("Plain Title 2") == "Plain Title 2")
  }
}
