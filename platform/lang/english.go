package lang

// englishStopWords are common English words and question filler ("how do I", "is there a way
// to") that carry no topic.
const englishStopWords = `a about above after again against all also am an and any are aren as at
be because been before being below between both but by can cannot could couldn did didn do does
doesn doing don down during each either else etc ever every few for from further had hadn has
hasn have haven having he her here hers herself him himself his how however i if in into is isn
it its itself just let like ll me might mine more most much must mustn my myself need needs no
nor not now of off often on once one only or other our ours ourselves out over own please
possible re really same shall she should shouldn so some someone something such than thank
thanks that the their theirs them themselves then there these they this those through thus to
too under until up us ve very via want wants was wasn way we were weren what whatever when
where whether which while who whom why will with within without won would wouldn yes yet you
your yours yourself yourselves`
