/** The API's name and version: the OpenAPI document's info and the MCP server's serverInfo, without the document's builder. */
export const API_INFO = { title: 'BillWatch API', version: '0.1.0' } as const;
