"""An article's date, and the years its relative expressions stand for (spark_etl/dates.py)."""

from spark_etl.dates import article_date, relative_years


def test_the_date_is_read_from_the_top_of_the_article() -> None:
    assert article_date("Headline\n\nPublished June 10, 2024\n\nTEXT") == (2024, 6)
    assert article_date("Headline\n\nUpdated: Sept. 3, 2019 5:01 p.m.\n\nTEXT") == (2019, 9)
    assert article_date("Headline\n\nHOUSTON, Oct. 29, 2010 — The Astros ...") == (2010, 10)
    assert article_date("Headline\n\nPublished February 15, 1887\n\nTEXT") == (1887, 2)  # the game's first decades
    # A caption's date further down, or a date in a sentence, is not the article's.
    assert article_date("Headline\n\nThe Mets won on May 8, 2014 in Salt Lake City.") is None
    assert article_date("A\n\nB\n\nC\n\nD\n\nPublished June 10, 2024") is None


def test_relative_years() -> None:
    def years(sentence: str, date: tuple[int, int]) -> list[tuple[int, int]]:
        return [(first, last) for _, _, first, last in relative_years(sentence, date)]

    assert years("He hit .300 last season.", (2024, 6)) == [(2023, 2023)]
    assert years("He hit .300 last season.", (2024, 11)) == [(2024, 2024)]  # the season just ended
    assert years("He managed the past three seasons.", (2024, 11)) == [(2022, 2024)]
    assert years("He managed the past three seasons.", (2025, 1)) == [(2022, 2024)]
    assert years("He pitched here two years ago and will return next season.", (2024, 6)) == [(2022, 2022),
                                                                                            (2025, 2025)]
    assert years("He hit .300 last season.", None) == []
    # "the next year" goes on from the year its sentence names, as "the following year" does; "next year" from now.
    assert years("He played for the Grays in 1948 and signed with Cleveland the next year.", (1990, 1)) == \
        [(1949, 1949)]
