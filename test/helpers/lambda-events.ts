import { randomUUID } from "node:crypto";

/** What a test sends: the request line, the headers as the client wrote them, and the body. */
export type HttpCall = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  /** Sends the body base64-encoded with isBase64Encoded, as API Gateway does for binary media types. */
  base64?: boolean;
  /** API Gateway's stage, or "$default". */
  stage?: string;
};

const encode = (call: HttpCall) =>
  call.body === undefined
    ? { body: null, isBase64Encoded: false }
    : call.base64
      ? { body: Buffer.from(call.body).toString("base64"), isBase64Encoded: true }
      : { body: call.body, isBase64Encoded: false };

/**
 * An API Gateway REST API (payload format 1.0) proxy event, as AWS documents it: headers keep the
 * client's case, repeated in multiValueHeaders; `path` is the resource path without the stage.
 */
export function restApiEvent(call: HttpCall): Record<string, unknown> {
  const stage = call.stage ?? "prod";
  const multiValueHeaders = Object.fromEntries(Object.entries(call.headers).map(([name, value]) => [name, [value]]));
  return {
    resource: "/{proxy+}",
    path: call.path,
    httpMethod: call.method,
    headers: { ...call.headers, Host: "abc123.execute-api.us-east-1.amazonaws.com" },
    multiValueHeaders: { ...multiValueHeaders, Host: ["abc123.execute-api.us-east-1.amazonaws.com"] },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { proxy: call.path.slice(1) },
    stageVariables: null,
    requestContext: {
      accountId: "123456789012",
      apiId: "abc123",
      domainName: "abc123.execute-api.us-east-1.amazonaws.com",
      domainPrefix: "abc123",
      extendedRequestId: "a1b2c3=",
      httpMethod: call.method,
      identity: { sourceIp: "192.30.252.1", userAgent: "GitHub-Hookshot/abc1234" },
      path: `/${stage}${call.path}`,
      protocol: "HTTP/1.1",
      requestId: randomUUID(),
      requestTime: "27/Nov/2026:12:00:00 +0000",
      requestTimeEpoch: Date.now(),
      resourceId: "r1",
      resourcePath: "/{proxy+}",
      stage,
    },
    ...encode(call),
  };
}

/**
 * An API Gateway HTTP API (payload format 2.0) event, the shape function URLs send too: header
 * names in lower case, and `rawPath` with the stage in front unless it is "$default".
 */
export function httpApiEvent(call: HttpCall, domainName = "abc123.execute-api.us-east-1.amazonaws.com") {
  const stage = call.stage ?? "$default";
  const rawPath = stage === "$default" ? call.path : `/${stage}${call.path}`;
  const headers = Object.fromEntries(Object.entries(call.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath,
    rawQueryString: "",
    headers: { ...headers, host: domainName },
    requestContext: {
      accountId: "123456789012",
      apiId: "abc123",
      domainName,
      domainPrefix: domainName.split(".")[0],
      http: {
        method: call.method,
        path: rawPath,
        protocol: "HTTP/1.1",
        sourceIp: "192.30.252.1",
        userAgent: "GitHub-Hookshot/abc1234",
      },
      requestId: randomUUID(),
      routeKey: "$default",
      stage,
      time: "27/Nov/2026:12:00:00 +0000",
      timeEpoch: Date.now(),
    },
    ...encode(call),
  };
}

/** A Lambda function URL's event: payload format 2.0 on a lambda-url domain. */
export function functionUrlEvent(call: HttpCall) {
  return httpApiEvent({ ...call, stage: "$default" }, "abcdefghij.lambda-url.us-east-1.on.aws");
}

/** The Lambda context the runtime passes beside the event. */
export function lambdaContext(): Record<string, unknown> {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: "webhooks",
    functionVersion: "$LATEST",
    invokedFunctionArn: "arn:aws:lambda:us-east-1:123456789012:function:webhooks",
    memoryLimitInMB: "1024",
    awsRequestId: randomUUID(),
    logGroupName: "/aws/lambda/webhooks",
    logStreamName: "2026/11/27/[$LATEST]abc",
    getRemainingTimeInMillis: () => 30_000,
  };
}
