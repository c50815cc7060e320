import Testing
@testable import KineticInput
import KineticTime

/// An event's time is one `UInt64` of nanoseconds; the kernel's seconds and microseconds convert at the edges.
@Suite struct EventTimeTests {
    @Test func secondsAndMicrosecondsBecomeNanosecondsAndBack() {
        let a = Nanoseconds.of(seconds: 1, microseconds: 999_999)
        let b = Nanoseconds.of(seconds: 2, microseconds: 0)
        #expect(a == 1_999_999_000 && b == 2_000_000_000)
        #expect(Nanoseconds.timeval(a) == (1, 999_999))
        #expect(Nanoseconds.timeval(1_999_999_999) == (1, 999_999))  // the microsecond below
    }

    @Test func theLatestStampAnEventMayHaveFitsAnInt64WithRoomForAnOffset() {
        let latest = Nanoseconds.of(seconds: Nanoseconds.maximumEventSeconds, microseconds: 999_999)
        #expect(latest == 4_294_967_295_999_999_000)
        #expect(Int64(exactly: latest) != nil)
        #expect(Int64(latest).addingReportingOverflow(Int64(latest)).overflow == false)
    }

    @Test func evemuWritesSixMicrosecondDigits() {
        #expect(EvemuFormat.timestamp(Nanoseconds.of(seconds: 1, microseconds: 8_001)) == "1.008001")
        #expect(EvemuFormat.timestamp(0) == "0.000000")
    }
}

@Suite struct EventNamesTests {
    @Test func libevdevNamesCodesWithoutADevice() {
        #expect(EventNames.typeName(3) == "EV_ABS")
        #expect(EventNames.codeName(type: 3, code: 0x35) == "ABS_MT_POSITION_X")
        #expect(EventNames.codeName(type: 1, code: 0x14a) == "BTN_TOUCH")
    }
}
