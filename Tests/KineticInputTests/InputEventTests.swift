import Testing
@testable import KineticInput

@Suite struct InputEventTests {
    @Test func timeOrdersBySecondsThenMicroseconds() {
        let a = EventTime(seconds: 1, microseconds: 999_999)
        let b = EventTime(seconds: 2, microseconds: 0)
        #expect(a < b)
        #expect(b.nanoseconds - a.nanoseconds == 1_000)
        #expect(abs(a.timeInterval - 1.999999) < 1e-12)
    }
}

@Suite struct EventNamesTests {
    @Test func libevdevNamesCodesWithoutADevice() {
        #expect(EventNames.typeName(3) == "EV_ABS")
        #expect(EventNames.codeName(type: 3, code: 0x35) == "ABS_MT_POSITION_X")
        #expect(EventNames.codeName(type: 1, code: 0x14a) == "BTN_TOUCH")
    }
}
