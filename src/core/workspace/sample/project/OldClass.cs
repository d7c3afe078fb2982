namespace Acme.Tasks;

/// <summary>
/// Placeholder class from the project template; rename it when it gets a real purpose.
/// </summary>
public class OldClass
{
    public string Describe() => "OldClass from the project template";
}
