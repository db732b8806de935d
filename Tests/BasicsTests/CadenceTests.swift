import Testing

@testable import Basics

struct CadenceTests {
  @Test func nightOrADayByItsNameOrThreeLettersInAnyCase() {
    #expect(Cadence("night") == .nightly)
    #expect(Cadence("Nightly") == .nightly)
    #expect(Cadence("daily") == .nightly)
    #expect(Cadence("saturday") == .weekly(.saturday))
    #expect(Cadence("SAT") == .weekly(.saturday))
    #expect(Cadence("Thu") == .weekly(.thursday))
    #expect(Cadence("tue") == .weekly(.tuesday))
    #expect(Cadence("sunday")?.weekday?.rawValue == 0)
    for word in ["", "s", "sa", "satur", "weekly", "week", "saturdays", "7", "samedi"] {
      #expect(Cadence(word) == nil, "\(word)")
    }
  }

  @Test func eachCadenceSaysItselfAsItIsRead() {
    for word in Cadence.words {
      #expect(Cadence(word)?.text == word)
    }
    #expect(Cadence.words.count == 8)
    #expect(Weekday.saturday.title == "Saturday" && Weekday.saturday.abbreviation == "Sat")
  }

  @Test func aWeekSpeaksOfThisWeekANightOfTonight() {
    #expect(Cadence.nightly.period == "tonight")
    #expect(Cadence.weekly(.monday).period == "this week")
    #expect(Cadence.nightly.when(at: "06:30") == "every night at 06:30")
    #expect(Cadence.weekly(.friday).when(at: "18:00") == "every Friday at 18:00")
    #expect(Cadence.nightly.each == "each night" && Cadence.weekly(.sunday).each == "each Sunday")
    #expect(Cadence.weekly(.sunday).every == "every Sunday")
  }
}
