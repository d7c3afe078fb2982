using System;

namespace Acme.Tasks.Legacy;

/// <summary>
/// Old task importer from the CSV era. Replaced by scripts/seed_data.py; kept until 0.5.
/// </summary>
[Obsolete("Use scripts/seed_data.py instead.")]
public static class CsvTaskImporter
{
    public static string[] ReadTitles(string csv) =>
        csv.Split('\n', StringSplitOptions.RemoveEmptyEntries);
}
