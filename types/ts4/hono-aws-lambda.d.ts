// The Lambda event, context and result types gh-app-kit's declarations name, for TypeScript before
// 5.0 (see hono.d.ts).

/** An API Gateway (REST API v1, HTTP API v2), function URL, ALB or VPC Lattice event. */
export interface LambdaEvent {
  headers?: Record<string, string | undefined>;
  multiValueHeaders?: Record<string, string[] | undefined>;
  body?: string | null;
  isBase64Encoded?: boolean;
  [key: string]: any;
}

export interface LambdaContext {
  awsRequestId: string;
  functionName: string;
  [key: string]: any;
}

export interface APIGatewayProxyResult {
  statusCode: number;
  body: string;
  headers: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
  cookies?: string[];
  isBase64Encoded: boolean;
  statusDescription?: string;
}
