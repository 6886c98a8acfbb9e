import { apiResponse } from "@/lib/api-client";

/**
 * Downloads an API file (a CSV export, an invoice PDF) with the bearer token and hands it to the
 * browser as a file named as the server's Content-Disposition says. Failures throw ApiError.
 */
export async function downloadFile(
  path: string,
  {
    query = {},
    accept,
    fallbackName,
  }: { query?: Record<string, string>; accept: string; fallbackName: string },
): Promise<void> {
  const response = await apiResponse(path, {
    query,
    headers: { Accept: `${accept}, application/problem+json` },
  });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
