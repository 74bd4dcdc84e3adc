"""`make bench`: every ``bench/bench_*.py`` module's ``run()`` measured, printed and saved."""
