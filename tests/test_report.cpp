// Reports: table layout and CSV quoting, CSV parsing, and the GPU description text.
#include <roofcast/io/csv.hpp>
#include <roofcast/roofcast.hpp>

#include <doctest/doctest.h>

#include <string>

namespace rc = roofcast;

TEST_CASE("text tables align text left and numbers right") {
    rc::text_table t({"gpu", "TFLOP/s"});
    t.add_row({"A40", "37.4"});
    t.add_row({"H100-SXM5-80GB", "989"});
    CHECK(t.to_text() ==
          "gpu             TFLOP/s\n"
          "--------------  -------\n"
          "A40                37.4\n"
          "H100-SXM5-80GB      989\n");
}

TEST_CASE("text tables leave out empty columns, and optional ones to fit their width, saying which") {
    rc::text_table t({"gpu", "cost", "time", "power", "energy"});
    t.add_row({"A40", "-", "1.5 s", "300 W", "450 J"});
    t.add_row({"V100", "", "2.0 s", "250 W", "500 J"});
    t.optional({"energy", "power"});
    // "cost" has no value in any row: never printed. Numbers right-aligned; widths 4, 5, 5 and 6 with 3 gaps of 2.
    CHECK(t.to_text(0) ==
          "gpu    time  power  energy\n"
          "----  -----  -----  ------\n"
          "A40   1.5 s  300 W   450 J\n"
          "V100  2.0 s  250 W   500 J\n");
    // 26 columns: at 20, energy goes first (4 + 5 + 5 + 2 gaps of 2 = 18), and the last line says so.
    CHECK(t.to_text(20) ==
          "gpu    time  power\n"
          "----  -----  -----\n"
          "A40   1.5 s  300 W\n"
          "V100  2.0 s  250 W\n"
          "(energy left out to fit 20 columns; --wide shows every column)\n");
    // CSV keeps every column.
    CHECK(t.to_csv().rfind("gpu,cost,time,power,energy\n", 0) == 0);
    CHECK(rc::wrap_text("one two three four", 9) == "one two\nthree\nfour\n");
}

TEST_CASE("a footprint against the usable memory writes a shared unit once") {
    rc::memory_footprint f;
    f.items = {{"weights", 14.5 * 1073741824.0}};
    f.capacity = 45.0 * 1073741824.0 * rc::units::byte;
    CHECK(rc::memory_of_capacity(f) == "14.5 / 45 GiB");
    f.items = {{"weights", 900.0 * 1048576.0}};
    CHECK(rc::memory_of_capacity(f) == "900 MiB / 45 GiB");
}

TEST_CASE("CSV output quotes fields that need it, and parses back") {
    rc::text_table t({"name", "note"});
    t.add_row({"A40", "says \"19.2\", wrongly"});
    const std::string csv = t.to_csv();
    CHECK(csv == "name,note\nA40,\"says \"\"19.2\"\", wrongly\"\n");
    const auto records = rc::parse_csv(csv, "t.csv");
    REQUIRE(records.size() == 2);
    CHECK(records[1].fields[1] == "says \"19.2\", wrongly");
    CHECK(records[1].line == 2);
}

TEST_CASE("CSV parsing keeps line numbers across quoted newlines and reports an open quote") {
    const auto records = rc::parse_csv("a,b\r\n1,\"x\ny\"\n\n2,3\n", "t.csv");
    REQUIRE(records.size() == 3);
    CHECK(records[1].fields[1] == "x\ny");
    CHECK(records[2].line == 5);
    CHECK(records[2].fields == std::vector<std::string>{"2", "3"});
    CHECK_THROWS_WITH_AS(rc::parse_csv("a,b\n1,\"open\n", "t.csv"), doctest::Contains("t.csv:2: quoted field"),
                         rc::input_error);
    CHECK_THROWS_WITH_AS(rc::parse_csv("a,b\n\"x\"y,2\n", "t.csv"), doctest::Contains("t.csv:2: text after"),
                         rc::input_error);
}

TEST_CASE("a GPU description shows derived values and the datasheet verdict") {
    const std::string d = rc::describe(rc::catalog().gpu("A40"));
    CHECK(d.find("84 SMs x 128 FP32 lanes = 10752 lanes") != std::string::npos);
    CHECK(d.find("384-bit x 14.5 Gbit/s = 696 GB/s") != std::string::npos);
    CHECK(d.find("datasheet check (tolerance 2%): ok") != std::string::npos);
}

TEST_CASE("the catalog overview has one row per GPU") {
    const auto t = rc::gpu_overview_table(rc::catalog().gpus());
    CHECK(t.size() == rc::catalog().gpus().size());
}
